// Types of scripts/api-route-table.mjs (imported by the unit tests).
export const API_ROUTES_MODULE: string;
export function apiRouteFiles(root: string): { pattern: string; file: string }[];
export function apiRoutesModuleSource(root: string): string;
