// Where a file sits on a relayed call's path, for scripts/relay-walk.mjs and the test that holds
// docs/architecture.md's walks to it (__tests__/relay/relay-walk.test.ts).

/** The relay's stage folders, in the order a call goes through them (issue 37: forward only). */
export const STAGES = ["entry", "auth", "routing", "endpoints", "upstream", "streaming", "settle"];

/**
 * The order a walk is listed in: the HTTP edge, the stages, then what every stage uses (the relay's
 * root files, the vendors, the kernel, shared infrastructure). Folders not named here come last.
 */
const LISTING = [
  "server",
  ...STAGES.map((s) => `relay/${s}`),
  "relay",
  "relay/vendors",
  "relay/kernel",
  "lib",
  "modules",
];

/** The folder a repo-relative file is filed under: relay/<stage>, relay/vendors, relay/kernel, relay, or its top folder. */
export function folderOf(file) {
  const parts = file.split("/");
  if (parts[0] !== "relay") return parts.length > 1 ? parts[0] : ".";
  return parts.length > 2 ? `relay/${parts[1]}` : "relay";
}

/** The file's stage index in STAGES, or -1 when it is not in a stage folder. */
export function stageIndex(file) {
  const folder = folderOf(file);
  return folder.startsWith("relay/") ? STAGES.indexOf(folder.slice("relay/".length)) : -1;
}

function listingRank(file) {
  const rank = LISTING.indexOf(folderOf(file));
  return rank === -1 ? LISTING.length : rank;
}

/** The files in listing order (folder by folder, then by path): deterministic, whatever order they came in. */
export function inListingOrder(files) {
  return [...files].sort((a, b) => listingRank(a) - listingRank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/** The folders a list of files passes through, each run of one folder counted once. */
export function folderSequence(files) {
  const seq = [];
  for (const f of files) if (seq.at(-1) !== folderOf(f)) seq.push(folderOf(f));
  return seq;
}

/** The first file that goes back to an earlier stage folder than one already passed, or null. */
export function firstStageReturn(files) {
  let highest = -1;
  for (const f of files) {
    const i = stageIndex(f);
    if (i === -1) continue;
    if (i < highest) return f;
    highest = i;
  }
  return null;
}

/** The stage folders a list of files passes through (other folders left out), each run counted once. */
export function stageSequence(files) {
  return folderSequence(files.filter((f) => stageIndex(f) !== -1)).map((folder) => folder.slice("relay/".length));
}

/** How many times a stage sequence goes back to an earlier stage. */
export function stageReturns(stages) {
  return stages.filter((s, i) => i > 0 && STAGES.indexOf(s) < STAGES.indexOf(stages[i - 1])).length;
}
