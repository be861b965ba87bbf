// Types of scripts/relay-walk-stages.mjs (imported by __tests__/relay/relay-walk.test.ts).
export const STAGES: string[];
export function folderOf(file: string): string;
export function stageIndex(file: string): number;
export function inListingOrder(files: Iterable<string>): string[];
export function folderSequence(files: string[]): string[];
export function firstStageReturn(files: string[]): string | null;
export function stageSequence(files: string[]): string[];
export function stageReturns(stages: string[]): number;
