// Finds client types that copy a server answer by hand (issue 38 item 4: the console takes its answer
// types from the routes, `import type { GetTokensAnswer } from "@/app/api/token/route"`). Syntactic
// only, so it costs a parse of the tree rather than a type-check: the server's answer shapes are the
// object literals its functions return (DTO builders, services) and the object types it declares; a
// client type literal whose fields are nearly the same set as one of them is a copy that can drift.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const ROOT = path.resolve(__dirname, "..");
/** Where the server's answers are built. */
const SERVER_DIRS = ["app/api", "lib/server", "modules/*/server"];
/** Where a copy would be declared: the console's fetchers, hooks and screens. */
const CLIENT_DIRS = ["modules/*/client", "modules/*/components", "lib/client", "components"];
/** Smaller shapes ({id, name}, {quota, rpm, tpm}) are too common to call a match a copy. */
const MIN_FIELDS = 5;
/** Share of fields both ways: a copy missing one field of twenty (TokenItem without user_id) still counts. */
const OVERLAP = 0.8;

export type Shape = { file: string; line: number; name: string; fields: Set<string> };
export type Copy = { client: Shape; server: Shape };

function expand(root: string, pattern: string): string[] {
  const [head, ...rest] = pattern.split("/*/");
  if (!rest.length) return [path.join(root, head!)];
  return fs
    .readdirSync(path.join(root, head!), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .flatMap((e) => expand(root, `${head}/${e.name}/${rest.join("/*/")}`));
}

function sourceFiles(root: string, dirs: string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) out.push(full);
    }
  };
  dirs.flatMap((d) => expand(root, d)).forEach(walk);
  return out;
}

const nameOf = (name: ts.PropertyName | undefined): string | undefined =>
  name && (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) ? name.text : undefined;

function typeFields(node: ts.TypeLiteralNode | ts.InterfaceDeclaration): Set<string> {
  return new Set(node.members.map((m) => nameOf(m.name)).filter((n): n is string => !!n));
}

function literalFields(node: ts.ObjectLiteralExpression): Set<string> {
  return new Set(
    node.properties
      .filter((p) => !ts.isSpreadAssignment(p))
      .map((p) => nameOf(p.name))
      .filter((n): n is string => !!n),
  );
}

/** Declared object types (type X = {…}, interface X {…}) of a file, with at least MIN_FIELDS fields. */
function declaredShapes(file: string, sf: ts.SourceFile): Shape[] {
  const out: Shape[] = [];
  const add = (node: ts.Node, name: string, fields: Set<string>) => {
    if (fields.size >= MIN_FIELDS)
      out.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, name, fields });
  };
  const visit = (node: ts.Node) => {
    if (ts.isTypeAliasDeclaration(node) && ts.isTypeLiteralNode(node.type))
      add(node, node.name.text, typeFields(node.type));
    else if (ts.isInterfaceDeclaration(node)) add(node, node.name.text, typeFields(node));
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** What a server file answers with: returned object literals and its declared object types. */
function serverShapes(file: string, sf: ts.SourceFile): Shape[] {
  const out = declaredShapes(file, sf);
  const visit = (node: ts.Node) => {
    let returned: ts.Expression | undefined;
    if (ts.isReturnStatement(node)) returned = node.expression;
    else if (ts.isArrowFunction(node) && !ts.isBlock(node.body)) returned = node.body;
    while (returned && (ts.isParenthesizedExpression(returned) || ts.isAsExpression(returned)))
      returned = returned.expression;
    if (returned && ts.isObjectLiteralExpression(returned)) {
      const fields = literalFields(returned);
      if (fields.size >= MIN_FIELDS) {
        const line = sf.getLineAndCharacterOfPosition(returned.getStart(sf)).line + 1;
        out.push({ file, line, name: "returned object", fields });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

const parse = (file: string, text: string) =>
  ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );

function overlaps(a: Set<string>, b: Set<string>): boolean {
  let common = 0;
  for (const f of a) if (b.has(f)) common++;
  return common / a.size >= OVERLAP && common / b.size >= OVERLAP;
}

/**
 * Client types that copy a server answer. `extraClient` adds (or replaces) client files by their
 * path from the root, so a test can prove the check finds a planted copy; `root` checks another tree.
 */
export function answerCopies(extraClient: Record<string, string> = {}, root = ROOT): Copy[] {
  const relative = (f: string) => path.relative(root, f);
  const servers = sourceFiles(root, SERVER_DIRS).flatMap((f) =>
    serverShapes(relative(f), parse(f, fs.readFileSync(f, "utf8"))),
  );
  const clientTexts = new Map(sourceFiles(root, CLIENT_DIRS).map((f) => [relative(f), fs.readFileSync(f, "utf8")]));
  for (const [file, text] of Object.entries(extraClient)) clientTexts.set(file, text);
  const copies: Copy[] = [];
  for (const [file, text] of clientTexts)
    for (const client of declaredShapes(file, parse(file, text))) {
      const server = servers.find((s) => overlaps(client.fields, s.fields));
      if (server) copies.push({ client, server });
    }
  return copies;
}
