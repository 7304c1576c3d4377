import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software authenticator for tests: a P-256 key per credential, `none` attestation, and the
 * flags a test asks for (user verification, backup eligibility), so the provider's passkey
 * ceremonies run in a unit test as they would with a browser.
 */
export interface SoftCredential {
  id: Buffer;
  privateKey: KeyObject;
  /** The COSE key (EC2, ES256). */
  publicKey: Uint8Array;
  userHandle: string;
  counter: number;
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64 = (data: Buffer | Uint8Array) => Buffer.from(data).toString('base64url');

interface Flags {
  userVerified?: boolean;
  /** Backup eligible and backed up: a synced passkey (`multiDevice`). */
  synced?: boolean;
}

function flagsByte({ userVerified = true, synced = false }: Flags, attested: boolean): number {
  let flags = 0x01; // user present
  if (userVerified) flags |= 0x04;
  if (synced) flags |= 0x08 | 0x10;
  if (attested) flags |= 0x40;
  return flags;
}

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

export interface CreationOptions {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string };
  authenticatorSelection?: { residentKey?: string; userVerification?: string };
  attestation?: string;
  excludeCredentials?: { id: string }[];
}

/** `navigator.credentials.create()`: a new credential and the browser's JSON of it. */
export function createCredential(
  options: CreationOptions,
  origin: string,
  flags: Flags & { rpId?: string; counter?: number } = {},
) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y ?? '', 'base64url'))],
    ]),
  );
  const id = randomBytes(32);
  const counter = flags.counter ?? 0;
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(id.length);
  const authData = Buffer.concat([
    sha256(flags.rpId ?? options.rp.id ?? ''),
    Buffer.from([flagsByte(flags, true)]),
    counterBytes(counter),
    Buffer.alloc(16),
    idLength,
    id,
    Buffer.from(cose),
  ]);
  const attestationObject = isoCBOR.encode(
    new Map<string, string | Map<string, string> | Uint8Array>([
      ['fmt', 'none'],
      ['attStmt', new Map<string, string>()],
      ['authData', new Uint8Array(authData)],
    ]),
  );
  const clientData = JSON.stringify({
    type: 'webauthn.create',
    challenge: options.challenge,
    origin,
    crossOrigin: false,
  });
  const credential: SoftCredential = {
    id,
    privateKey,
    publicKey: cose,
    userHandle: options.user.id,
    counter,
  };
  const json = {
    id: b64(id),
    rawId: b64(id),
    type: 'public-key',
    response: {
      clientDataJSON: b64(Buffer.from(clientData)),
      attestationObject: b64(attestationObject),
      transports: ['internal'],
    },
    clientExtensionResults: {},
    authenticatorAttachment: 'platform',
  };
  return { credential, json };
}

/** `navigator.credentials.get()` with a discoverable credential: the browser's JSON. */
export function assertCredential(
  credential: SoftCredential,
  options: { challenge: string; rpId?: string },
  origin: string,
  flags: Flags & { rpId?: string; counter?: number } = {},
) {
  credential.counter = flags.counter ?? credential.counter + 1;
  const authData = Buffer.concat([
    sha256(flags.rpId ?? options.rpId ?? ''),
    Buffer.from([flagsByte(flags, false)]),
    counterBytes(credential.counter),
  ]);
  const clientData = Buffer.from(
    JSON.stringify({
      type: 'webauthn.get',
      challenge: options.challenge,
      origin,
      crossOrigin: false,
    }),
  );
  const signature = sign(
    'sha256',
    Buffer.concat([authData, sha256(clientData)]),
    credential.privateKey,
  );
  return {
    id: b64(credential.id),
    rawId: b64(credential.id),
    type: 'public-key',
    response: {
      clientDataJSON: b64(clientData),
      authenticatorData: b64(authData),
      signature: b64(signature),
      userHandle: credential.userHandle,
    },
    clientExtensionResults: {},
    authenticatorAttachment: 'platform',
  };
}
