import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";

// Fetching a file from a URL someone else gave us (a photo by URL through the API, a feed to import): with a
// time limit, a size limit, a few redirects at most, and never to this machine or its private network unless
// IMPORT_ALLOW_PRIVATE_HOSTS=true. The addresses are checked as the socket connects (the lookup it uses),
// so a name that resolves to a public address when checked and a private one when used (DNS rebinding)
// cannot slip through, and every redirect is checked again.

export type RemoteFetchOptions = {
  /** IMPORT_ALLOW_PRIVATE_HOSTS: loopback and private addresses allowed (tests, an intranet CRM). */
  allowPrivateHosts: boolean;
  /** The largest body accepted, in bytes. */
  maxBytes: number;
  /** The whole fetch, redirects included, in milliseconds. */
  timeoutMs: number;
  maxRedirects?: number;
};

export type RemoteFetchFailure =
  | "bad-url"
  | "private-host"
  | "too-large"
  | "timeout"
  | "status"
  | "unreachable"
  | "too-many-redirects";

/** The file could not be fetched; `reason` says why (the message names the URL for the log, not the user). */
export class RemoteFetchError extends Error {
  override name = "RemoteFetchError";
  readonly reason: RemoteFetchFailure;
  constructor(reason: RemoteFetchFailure, message: string, options?: ErrorOptions) {
    super(message, options);
    this.reason = reason;
  }
}

export type RemoteFile = { body: Buffer; contentType: string; url: string };

// Addresses that are not the public internet: this machine, private networks, link-local (cloud metadata at
// 169.254.169.254), carrier-grade NAT, multicast and reserved ranges, and their IPv6 counterparts.
const PRIVATE = new net.BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 3],
] as const) {
  PRIVATE.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["64:ff9b::", 96],
  ["2001:db8::", 32],
] as const) {
  PRIVATE.addSubnet(network, prefix, "ipv6");
}

/** Whether `address` (an IP literal) is on the public internet. */
export function isPublicAddress(address: string) {
  const family = net.isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is that IPv4 address.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    if (mapped) return isPublicAddress(mapped);
    if (/^::ffff:/i.test(address)) return false;
    return !PRIVATE.check(address, "ipv6");
  }
  return !PRIVATE.check(address, "ipv4");
}

const PRIVATE_MESSAGE = "is not on the public internet";

/**
 * The `lookup` the socket connects with: every address the name resolves to must be public (or private hosts
 * allowed), else the connection fails before it is made.
 */
function checkedLookup(allowPrivateHosts: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const list = addresses as dns.LookupAddress[];
      const refused = list.find((entry) => !isPublicAddress(entry.address));
      if (list.length === 0 || (refused && !allowPrivateHosts)) {
        const reason = new RemoteFetchError("private-host", `${hostname} ${PRIVATE_MESSAGE}`);
        return callback(reason, "", 0);
      }
      if ((options as { all?: boolean }).all) return (callback as AllCallback)(null, list);
      const first = list[0]!;
      callback(null, first.address, first.family);
    });
  };
}
type AllCallback = (error: Error | null, addresses: dns.LookupAddress[]) => void;

/**
 * GETs `url` and returns its body; throws RemoteFetchError when it is not http(s), not public, too slow,
 * too large, redirects too often, or answers anything but 2xx.
 */
export async function fetchRemote(url: string, options: RemoteFetchOptions): Promise<RemoteFile> {
  const deadline = Date.now() + options.timeoutMs;
  let current = url;
  for (let redirects = 0; ; redirects++) {
    const answer = await getOnce(current, options, deadline);
    if (answer.kind === "file") return answer.file;
    if (redirects >= (options.maxRedirects ?? 3)) {
      throw new RemoteFetchError("too-many-redirects", `${url} redirects too often`);
    }
    current = answer.location;
  }
}

type Answer = { kind: "file"; file: RemoteFile } | { kind: "redirect"; location: string };

function parseTarget(url: string, allowPrivateHosts: boolean) {
  const target = URL.parse(url);
  if (!target || (target.protocol !== "http:" && target.protocol !== "https:")) {
    throw new RemoteFetchError("bad-url", `${url} is not an http(s) URL`);
  }
  // An address written as such is not looked up: it is checked here.
  const host = target.hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(host) && !isPublicAddress(host) && !allowPrivateHosts) {
    throw new RemoteFetchError("private-host", `${host} ${PRIVATE_MESSAGE}`);
  }
  return target;
}

function getOnce(url: string, options: RemoteFetchOptions, deadline: number): Promise<Answer> {
  const target = parseTarget(url, options.allowPrivateHosts);
  const client = target.protocol === "https:" ? https : http;
  const remaining = deadline - Date.now();
  if (remaining <= 0) return Promise.reject(new RemoteFetchError("timeout", `${url} took too long`));
  return new Promise<Answer>((resolve, reject) => {
    const request = client.get(
      target,
      {
        lookup: checkedLookup(options.allowPrivateHosts),
        headers: { "user-agent": "Homestead listing fetcher", accept: "*/*" },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          resolve({ kind: "redirect", location: new URL(response.headers.location, target).href });
          return;
        }
        if (status < 200 || status >= 300) {
          response.resume();
          reject(new RemoteFetchError("status", `${url} answered ${status}`));
          return;
        }
        const declared = Number(response.headers["content-length"] ?? 0);
        if (declared > options.maxBytes) {
          request.destroy();
          reject(new RemoteFetchError("too-large", `${url} is larger than ${options.maxBytes} bytes`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.byteLength;
          if (size > options.maxBytes) {
            request.destroy();
            reject(new RemoteFetchError("too-large", `${url} is larger than ${options.maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () => {
          const contentType = String(response.headers["content-type"] ?? "");
          resolve({ kind: "file", file: { body: Buffer.concat(chunks), contentType, url } });
        });
        response.on("error", (error) => reject(unreachable(url, error)));
      },
    );
    const timer = setTimeout(() => {
      request.destroy(new RemoteFetchError("timeout", `${url} took too long`));
    }, remaining);
    request.on("close", () => clearTimeout(timer));
    request.on("error", (error) => reject(unreachable(url, error)));
  });
}

function unreachable(url: string, error: Error) {
  if (error instanceof RemoteFetchError) return error;
  return new RemoteFetchError("unreachable", `${url} could not be reached: ${error.message}`, {
    cause: error,
  });
}
