// Settlement records cross the worker -> primary pipe with their non-ASCII strings escaped, so a
// batch stays ASCII (server/workers/ascii-wire.ts); the primary gets back exactly what was sent.
import { asciiFields, restoreFields } from "@/server/workers/ascii-wire";

test("non-ASCII strings survive the pipe as ASCII and come back identical", () => {
  const sent = {
    content: "模型倍率 2.5，补全倍率 4，分组倍率 1",
    username: "用户🙂",
    tokenName: 'quote " back\\slash \n newline \u2028 sep',
    lone: "a\ud800b",
    modelName: "gpt-4o-mini",
    quota: 12,
    isStream: false,
    ip: "",
  };
  const fields: Record<string, unknown> = { ...sent };
  asciiFields(fields);
  const wire = JSON.stringify(fields);
  expect(/^[\x00-\x7f]*$/.test(wire)).toBe(true);
  expect(fields.modelName).toBe("gpt-4o-mini"); // ASCII strings travel as they are
  const got = JSON.parse(wire) as Record<string, unknown>;
  restoreFields(got);
  expect(got).toEqual(sent);
});

test("restoreFields leaves plain values alone", () => {
  const fields: Record<string, unknown> = { a: "x", n: 1, z: null };
  restoreFields(fields);
  expect(fields).toEqual({ a: "x", n: 1, z: null });
});
