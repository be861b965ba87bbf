export function devServerArgs(root: string): string[];
export function devServerEnv(port: number, dataDir: string, extra?: Record<string, string>): NodeJS.ProcessEnv;
