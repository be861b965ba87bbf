// Review 3 L5 residue: upstream and transport error texts lose IPv6 literals and internal host names
// before they reach a caller (relay/kernel/redact.ts).
import { redactUpstreamText } from "@/relay/kernel/redact";
import { upstreamErrorClass } from "@/relay/upstream/upstream-error";

const redact = (text: string) => redactUpstreamText(text, ["sk-channel-key-1234"], "http://vllm.example:8000/v1");

test.each([
  ["connect ECONNREFUSED ::1:8000", "::1"],
  ["connect ECONNREFUSED [fd12:3456::7]:443", "fd12:3456::7"],
  ["upstream at [::1]:11434 refused", "::1"],
  ["mapped ::ffff:10.0.0.1 answered", "10.0.0.1"],
  ["link-local fe80::1%eth0 timed out", "fe80::1"],
  ["unique local fd00:ab::1 is down", "fd00:ab::1"],
  ["getaddrinfo ENOTFOUND other.internal", "other.internal"],
  ["getaddrinfo EAI_AGAIN db-primary", "db-primary"],
  ["request to ollama.lan failed", "ollama.lan"],
  [
    "Hostname/IP does not match certificate's altnames: Host: secret.corp. is not in the cert's altnames: DNS:a.b",
    "secret.corp",
  ],
  ["localhost refused the connection", "localhost"],
])("%s: the address is gone", (text, hidden) => {
  const out = redact(text);
  expect(out).not.toContain(hidden);
  expect(out).toMatch(/\[(internal|upstream)\]/);
});

test("texts without addresses, times and public addresses are kept", () => {
  expect(redact("Invalid value: 'x' at 10:20:30")).toBe("Invalid value: 'x' at 10:20:30");
  expect(redact("served by 2001:4860:4860::8888")).toBe("served by 2001:4860:4860::8888");
  expect(redact("rate limited, retry in 20s")).toBe("rate limited, retry in 20s");
  expect(redact("key sk-channel-key-1234 is invalid")).toBe("key *** is invalid");
});

test("review 3 N4: only the vendor's identifier fields classify an error, never its prose", () => {
  const openai = {
    error: { message: "Invalid value: 'Permission denied'", type: "invalid_request_error", code: "invalid_value" },
  };
  expect(upstreamErrorClass(openai, undefined)).toEqual(["invalid_request_error", "invalid_value"]);
  const gemini = {
    error: {
      code: 400,
      message: "API key not valid.",
      status: "INVALID_ARGUMENT",
      details: [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "API_KEY_INVALID" }],
    },
  };
  expect(upstreamErrorClass(gemini, undefined)).toEqual(["invalid_argument", "api_key_invalid"]);
  expect(upstreamErrorClass({ message: "x" }, "UnrecognizedClientException:http://internal.amazon.com/")).toEqual([
    "unrecognizedclientexception",
  ]);
  // A field holding prose (an upstream that puts the message in `code`) is not an identifier.
  expect(upstreamErrorClass({ error: { code: "Permission denied for role x" } }, undefined)).toEqual([]);
  expect(upstreamErrorClass(null, undefined)).toEqual([]);
});
