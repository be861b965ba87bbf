// Types of scripts/check-spec-citations.mjs (imported by the unit tests).
export function findSpecCitations(text: string): { line: number; text: string }[];
