import { isIPv4, isIPv6 } from "node:net";

/**
 * Which IP addresses a server-side request may connect to. Decided on the numeric address (never
 * on the hostname's spelling): everything that is not globally routable unicast is refused —
 * loopback, private, link-local, unique-local, carrier-grade NAT, multicast, unspecified, reserved
 * and documentation ranges — and so are the IPv6 forms that smuggle an IPv4 address (mapped,
 * compatible, translated, local-use NAT64, Teredo). The translation prefixes that do carry public
 * traffic (NAT64 64:ff9b::/96 under DNS64, 6to4 2002::/16) are judged by the IPv4 address inside.
 */

type Range = { base: bigint; bits: number; label: string };

function v4ToBigInt(ip: string): bigint {
  return ip.split(".").reduce((acc, part) => (acc << 8n) | BigInt(Number(part)), 0n);
}

/** The eight 16-bit groups of an IPv6 address (with an embedded dotted quad, if any, folded in). */
function v6ToBigInt(ip: string): bigint {
  let text = ip;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const v4 = v4ToBigInt(dotted[1]);
    text = `${text.slice(0, -dotted[1].length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(Number.parseInt(g || "0", 16)), 0n);
}

function ranges(width: 32 | 128, list: [string, string][]): Range[] {
  return list.map(([cidr, label]) => {
    const [addr = "", bits = "0"] = cidr.split("/");
    return { base: width === 32 ? v4ToBigInt(addr) : v6ToBigInt(addr), bits: Number(bits), label };
  });
}

const V4_REFUSED = ranges(32, [
  ["0.0.0.0/8", "unspecified"],
  ["10.0.0.0/8", "private"],
  ["100.64.0.0/10", "carrier-grade NAT"],
  ["127.0.0.0/8", "loopback"],
  ["169.254.0.0/16", "link-local"],
  ["172.16.0.0/12", "private"],
  ["192.0.0.0/24", "reserved"],
  ["192.0.2.0/24", "documentation"],
  ["192.88.99.0/24", "reserved"],
  ["192.168.0.0/16", "private"],
  ["198.18.0.0/15", "benchmarking"],
  ["198.51.100.0/24", "documentation"],
  ["203.0.113.0/24", "documentation"],
  ["224.0.0.0/4", "multicast"],
  ["240.0.0.0/4", "reserved"],
]);

const V6_REFUSED = ranges(128, [
  ["::/128", "unspecified"],
  ["::1/128", "loopback"],
  ["::ffff:0:0/96", "IPv4-mapped"],
  ["::/96", "IPv4-compatible"],
  ["::ffff:0:0:0/96", "IPv4-translated"],
  ["64:ff9b:1::/48", "local NAT64"],
  ["100::/64", "discard"],
  ["2001::/32", "Teredo"],
  ["2001:2::/48", "benchmarking"],
  ["2001:db8::/32", "documentation"],
  ["3fff::/20", "documentation"],
  ["5f00::/16", "reserved"],
  ["fc00::/7", "unique-local"],
  ["fe80::/10", "link-local"],
  ["fec0::/10", "site-local"],
  ["ff00::/8", "multicast"],
]);

function match(value: bigint, width: number, list: Range[]): string | undefined {
  for (const r of list) {
    const shift = BigInt(width - r.bits);
    if (value >> shift === r.base >> shift) return r.label;
  }
  return undefined;
}

function v4FromBits(value: bigint): string {
  return [24n, 16n, 8n, 0n].map((s) => Number((value >> s) & 0xffn)).join(".");
}

/**
 * Why `ip` must not be connected to (e.g. "loopback"), or undefined when it is a public address.
 * Anything that is not a valid IP address at all is refused too.
 */
export function refusedAddressReason(ip: string): string | undefined {
  const address = ip.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (isIPv4(address)) return match(v4ToBigInt(address), 32, V4_REFUSED);
  if (!isIPv6(address)) return "not an IP address";
  const value = v6ToBigInt(address);
  const direct = match(value, 128, V6_REFUSED);
  if (direct) return direct;
  // NAT64 (DNS64 synthesised) and 6to4 reach the IPv4 address they carry: judge that one.
  if (value >> 32n === v6ToBigInt("64:ff9b::") >> 32n) {
    const inner = refusedAddressReason(v4FromBits(value & 0xffffffffn));
    return inner && `${inner} (through NAT64)`;
  }
  if (value >> 112n === 0x2002n) {
    const inner = refusedAddressReason(v4FromBits((value >> 80n) & 0xffffffffn));
    return inner && `${inner} (through 6to4)`;
  }
  return undefined;
}
