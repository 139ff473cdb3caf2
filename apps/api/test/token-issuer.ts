import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { ACCESS_TOKEN_AUDIENCE } from "@parley/contracts";
import { type CryptoKey, exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";

/**
 * A stand-in for the auth service's token side: a real HTTP listener on 127.0.0.1 serving `/jwks`
 * and a signer for EdDSA access tokens like better-auth's jwt plugin issues.
 */
export interface TokenIssuer {
  url: string;
  sign(
    claims: {
      sub: string;
      email: string;
      name?: string;
      role?: string;
      workspaceId?: string;
      workspaceRole?: "owner" | "admin" | "agent";
      /** When the session signed in (seconds); the console's step-up reads it. */
      authTime?: number;
    },
    opts?: { expiresIn?: string | number; issuer?: string; audience?: string; key?: "trusted" | "rogue" },
  ): Promise<string>;
  jwksRequests(): number;
  close(): Promise<void>;
}

export async function startTokenIssuer(): Promise<TokenIssuer> {
  const trusted = await generateKeyPair("EdDSA", { crv: "Ed25519" });
  const rogue = await generateKeyPair("EdDSA", { crv: "Ed25519" });
  const jwk = { ...(await exportJWK(trusted.publicKey)), kid: "trusted-1", alg: "EdDSA" };
  let requests = 0;
  const server: Server = createServer((req, res) => {
    if (req.url === "/jwks") {
      requests++;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    async sign(claims, opts = {}) {
      const key: CryptoKey = opts.key === "rogue" ? rogue.privateKey : trusted.privateKey;
      const payload: JWTPayload = {
        email: claims.email,
        name: claims.name ?? "Test User",
        role: claims.role ?? "user",
        ...(claims.workspaceId ? { workspaceId: claims.workspaceId } : {}),
        ...(claims.workspaceRole ? { workspaceRole: claims.workspaceRole } : {}),
        ...(claims.authTime !== undefined ? { authTime: claims.authTime } : {}),
      };
      return new SignJWT(payload)
        .setProtectedHeader({ alg: "EdDSA", kid: "trusted-1" })
        .setSubject(claims.sub)
        .setIssuer(opts.issuer ?? url)
        .setAudience(opts.audience ?? ACCESS_TOKEN_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(opts.expiresIn ?? "15m")
        .sign(key);
    },
    jwksRequests: () => requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
