// A software authenticator for the passkey tests: an ES256 key, "none" attestation, assertions
// signed over authenticatorData || SHA-256(clientDataJSON), as WebAuthn Level 2 says; with knobs a
// hostile client would turn (origin, RP ID, counter). CBOR is encoded here (the few types needed).
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  const b = Buffer.alloc(3);
  b[0] = (major << 5) | 25;
  b.writeUInt16BE(n, 1);
  return b;
}

type Cbor = number | string | Buffer | Map<Cbor, Cbor>;

function cbor(value: Cbor): Buffer {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const b64u = (b: Buffer | string) => Buffer.from(b).toString("base64url");
const sha256 = (b: Buffer | string) => createHash("sha256").update(b).digest();

type Target = { origin: string; rpId: string };

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly key: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  counter = 0;

  constructor(readonly userId: number) {
    const pair = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.key = pair.privateKey;
    this.publicJwk = pair.publicKey.export({ format: "jwk" }) as { x: string; y: string };
  }

  get id(): string {
    return b64u(this.credentialId);
  }

  private authData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
    const c = Buffer.alloc(4);
    c.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), c, ...(attested ? [attested] : [])]);
  }

  /** The public key in COSE form (what a server stores). */
  get cosePublicKey(): Buffer {
    return cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(this.publicJwk.x, "base64url")],
        [-3, Buffer.from(this.publicJwk.y, "base64url")],
      ]),
    );
  }

  /** A registration response to creation options' challenge. */
  register(challenge: string, target: Target) {
    const cose = this.cosePublicKey;
    const len = Buffer.alloc(2);
    len.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), len, this.credentialId, cose]);
    const authData = this.authData(target.rpId, 0x45, this.counter, attested);
    const clientData = JSON.stringify({
      type: "webauthn.create",
      challenge,
      origin: target.origin,
      crossOrigin: false,
    });
    const attestation = cbor(
      new Map<Cbor, Cbor>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      clientExtensionResults: {},
      response: { clientDataJSON: b64u(clientData), attestationObject: b64u(attestation), transports: ["internal"] },
    };
  }

  /** An assertion for request options' challenge; the counter moves on unless told which to send. */
  assert(challenge: string, target: Target, counter = ++this.counter) {
    const authData = this.authData(target.rpId, 0x05, counter);
    const clientData = JSON.stringify({ type: "webauthn.get", challenge, origin: target.origin, crossOrigin: false });
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientData)]), this.key);
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64u(clientData),
        authenticatorData: b64u(authData),
        signature: b64u(signature),
        userHandle: b64u(String(this.userId)),
      },
    };
  }
}
