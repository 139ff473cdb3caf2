// The Graph API stand-in as a process of its own, as Meta is a service of its own: its webhooks and
// status reports never wait on the load generator's event loop. Prints its URL on stdout; stops on
// SIGTERM. argv[2]: its options as JSON (StandInOptions).
import { startGraphStandIn } from "../test/graph-stand-in";

const standIn = await startGraphStandIn(JSON.parse(process.argv[2] ?? "{}"));
process.stdout.write(`${JSON.stringify({ url: standIn.url })}\n`);
process.on("SIGTERM", () => {
  void standIn.close().finally(() => process.exit(0));
});
