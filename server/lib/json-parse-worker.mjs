// Parses a large JSON body off the thread that serves requests (server/plugins/json-body.ts).
// Plain JavaScript so that it loads the same under `node --import tsx`, vitest and a build.
import secureJson from 'secure-json-parse';

const OPTIONS = { protoAction: 'error', constructorAction: 'error' };

/** @param {Uint8Array} bytes the whole body, already scanned for its shape */
export default function parseBody(bytes) {
  return secureJson.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'), OPTIONS);
}
