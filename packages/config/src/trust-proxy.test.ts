import { describe, expect, it } from "vitest";
import { fastifyTrustProxy, trustProxy } from "./env";

const parse = (v: string) => fastifyTrustProxy(trustProxy.parse(v));

describe("TRUST_PROXY for Fastify", () => {
  it("trusts exactly the listed proxies and networks, whatever the hop", () => {
    const trust = parse("10.0.0.0/8, 127.0.0.1") as (address: string, hop: number) => boolean;
    expect(trust("127.0.0.1", 0)).toBe(true);
    expect(trust("10.20.30.40", 1)).toBe(true);
    expect(trust("127.0.0.2", 0)).toBe(false);
    expect(trust("192.168.1.1", 0)).toBe(false);
    // Asked again (answered from memory): the same answers.
    expect(trust("127.0.0.1", 3)).toBe(true);
    expect(trust("192.168.1.1", 2)).toBe(false);
  });

  it("gives right answers past its memory, for addresses a client makes up", () => {
    const trust = parse("10.0.0.0/8") as (address: string, hop: number) => boolean;
    // More distinct addresses than it remembers: a forged X-Forwarded-For chain behind a proxy.
    for (let i = 0; i < 2500; i++) {
      expect(trust(`10.0.${i >> 8}.${i & 255}`, 1)).toBe(true);
      expect(trust(`11.0.${i >> 8}.${i & 255}`, 1)).toBe(false);
    }
    expect(trust("not an address", 1)).toBe(false);
    expect(trust("10.0.0.1", 0)).toBe(true);
  });

  it("keeps a hop count and true/false as they are", () => {
    const hops = parse("2") as (address: string, hop: number) => boolean;
    expect([hops("1.1.1.1", 0), hops("1.1.1.1", 1), hops("1.1.1.1", 2)]).toEqual([true, true, false]);
    expect(parse("false")).toBe(false);
    expect(parse("true")).toBe(true);
  });
});
