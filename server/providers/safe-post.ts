/**
 * Requests to addresses a user typed (webhooks): only to public addresses, so a URL cannot reach the server's own
 * network (SSRF). The host's addresses are checked when the URL is saved and again at each request, on the very
 * address the socket connects to (the request's `lookup` validates what DNS answers, so a name that resolves
 * elsewhere a second time — DNS rebinding — cannot slip through). No redirects are followed; the answer's body is
 * read up to a cap; the whole request has a deadline.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

export interface OutboundPolicy {
  /** Loopback addresses (and http to them) allowed: tests only (ALLOW_HTTP_WEBHOOKS=1). */
  allowLoopback: boolean;
}

const v4 = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  v4.addSubnet(prefix, bits, 'ipv4');
const v4Loopback = new net.BlockList();
v4Loopback.addSubnet('127.0.0.0', 8, 'ipv4');

// IPv6: only global unicast (2000::/3) is public; that leaves out loopback, ULA (fc00::/7), link-local (fe80::/10),
// multicast, IPv4-mapped (::ffff:0:0/96) and NAT64 addresses. Inside it: Teredo, documentation and 6to4.
const v6Global = new net.BlockList();
v6Global.addSubnet('2000::', 3, 'ipv6');
const v6Special = new net.BlockList();
v6Special.addSubnet('2001::', 32, 'ipv6');
v6Special.addSubnet('2001:db8::', 32, 'ipv6');
v6Special.addSubnet('2002::', 16, 'ipv6');

export const ADDRESS_REFUSED = 'private or local network address';

/** Why an IP address may not be reached (null: a public address). */
export function addressProblem(address: string, policy: OutboundPolicy): string | null {
  const family = net.isIP(address);
  if (family === 4) {
    if (v4Loopback.check(address, 'ipv4')) return policy.allowLoopback ? null : `${address} is a loopback address`;
    return v4.check(address, 'ipv4') ? `${address} is a ${ADDRESS_REFUSED}` : null;
  }
  if (family === 6) {
    if (address === '::1' || /^0*:0*:0*:0*:0*:0*:0*:0*1$/.test(address))
      return policy.allowLoopback ? null : `${address} is a loopback address`;
    if (!v6Global.check(address, 'ipv6') || v6Special.check(address, 'ipv6'))
      return `${address} is a ${ADDRESS_REFUSED}`;
    return null;
  }
  return `${address} is not an IP address`;
}

export class OutboundRefused extends Error {}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** Why a URL may not be requested as written (its scheme and, for an IP literal, its address); null: go on. */
export function urlProblem(url: URL, policy: OutboundPolicy): string | null {
  const host = hostOf(url);
  if (url.protocol === 'http:') {
    if (!(policy.allowLoopback && isLoopback(host))) return 'only https URLs are allowed';
  } else if (url.protocol !== 'https:') return 'only https URLs are allowed';
  if (net.isIP(host)) return addressProblem(host, policy);
  return null;
}

const isLoopback = (host: string) =>
  host === 'localhost' || host === '::1' || (net.isIP(host) === 4 && v4Loopback.check(host, 'ipv4'));

/** Resolves a URL's host and checks every address it names (used when a URL is saved). */
export async function checkUrlTarget(value: string, policy: OutboundPolicy): Promise<string | null> {
  const url = new URL(value);
  const problem = urlProblem(url, policy);
  if (problem) return problem;
  const host = hostOf(url);
  if (net.isIP(host)) return null;
  let addresses: dns.LookupAddress[];
  try {
    addresses = await dns.promises.lookup(host, { all: true, verbatim: true });
  } catch {
    return `the host ${host} was not found`;
  }
  for (const { address } of addresses) {
    const refused = addressProblem(address, policy);
    if (refused) return `${host} resolves to ${refused.replace(/^\S+ is /, '')}`;
  }
  return addresses.length > 0 ? null : `the host ${host} was not found`;
}

/** A `lookup` for the socket: resolves as usual, then refuses when any address is not allowed. */
function guardedLookup(policy: OutboundPolicy): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as unknown as dns.LookupAddress[];
      for (const { address } of list) {
        const refused = addressProblem(address, policy);
        if (refused) return callback(new OutboundRefused(`${hostname} resolves to ${refused}`), '', 0);
      }
      if (list.length === 0) return callback(new Error(`${hostname} was not found`), '', 0);
      if ((options as dns.LookupOptions).all) return (callback as unknown as LookupAll)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}
type LookupAll = (error: Error | null, addresses: dns.LookupAddress[]) => void;

export interface PostAnswer {
  status: number;
  /** The first bytes of the answer's body (at most the cap). */
  body: string;
}

/**
 * POSTs a body to a URL under the policy: refused (OutboundRefused) before connecting when the URL or an address of
 * its host is not allowed; rejects on a network error or the deadline.
 */
export function safePost(
  value: string,
  request: { headers: Record<string, string>; body: string; timeoutMs: number; maxResponseBytes: number },
  policy: OutboundPolicy,
): Promise<PostAnswer> {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return Promise.reject(new OutboundRefused('the URL is not valid'));
  }
  const problem = urlProblem(url, policy);
  if (problem) return Promise.reject(new OutboundRefused(problem));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<PostAnswer>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
        lookup: guardedLookup(policy),
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
        };
        res.on('data', (chunk: Buffer) => {
          if (size >= request.maxResponseBytes) return;
          chunks.push(chunk.subarray(0, request.maxResponseBytes - size));
          size += chunk.length;
          if (size >= request.maxResponseBytes) {
            res.destroy();
            done();
          }
        });
        res.on('end', done);
        res.on('error', (error) => {
          clearTimeout(timer);
          reject(error);
        });
      },
    );
    const timer = setTimeout(
      () => req.destroy(new Error(`no answer within ${request.timeoutMs / 1000} s`)),
      request.timeoutMs,
    );
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.end(request.body);
  });
}
