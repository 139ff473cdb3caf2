// The stub model as a process of its own, as a model provider is a service of its own: its timers
// and writes never wait on the visitors' event loop. Prints its URL on stdout; stops on SIGTERM.
import { startLlmStub } from "../test/llm-stub";

const stub = await startLlmStub(JSON.parse(process.argv[2] ?? "{}"));
process.stdout.write(`${JSON.stringify({ url: stub.url })}\n`);
process.on("SIGTERM", () => {
  void stub.close().finally(() => process.exit(0));
});
