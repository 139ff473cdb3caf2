// The floor for the widget bench (BENCH_TARGET=floor): a bare node:http server with the widget's
// two routes and nothing else — no framework, database, checks, storage or retrieval. It starts a
// conversation by counting, and answers a message by passing the model's stream through as the
// widget's `delta` events, over a keep-alive node:http client (the lightest Node has). The time it
// adds is what this machine and this harness cost any server, not Parley.
import { Agent, createServer, request } from "node:http";

const modelUrl = process.argv[2];
const keepAlive = new Agent({ keepAlive: true });
let conversations = 0;

const askModel = (question) =>
  new Promise((resolve, reject) => {
    const req = request(
      `${modelUrl}/chat/completions`,
      { method: "POST", headers: { "content-type": "application/json" }, agent: keepAlive },
      resolve,
    );
    req.on("error", reject);
    req.end(JSON.stringify({ model: "stub", stream: true, messages: [{ role: "user", content: question }] }));
  });

const server = createServer(async (req, res) => {
  let body = "";
  for await (const chunk of req) body += chunk;
  if (req.url?.endsWith("/conversations")) {
    res.writeHead(201, { "content-type": "application/json" });
    res.end(JSON.stringify({ _id: `conv_${++conversations}`, messages: [] }));
    return;
  }
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  res.write(`event: start\ndata: {}\n\n`);
  const model = await askModel(body);
  model.setEncoding("utf8");
  let pending = "";
  for await (const chunk of model) {
    pending += chunk;
    for (let end = pending.indexOf("\n\n"); end >= 0; end = pending.indexOf("\n\n")) {
      const data = pending.slice(0, end).replace(/^data: /, "");
      pending = pending.slice(end + 2);
      if (data === "[DONE]") continue;
      const text = JSON.parse(data).choices?.[0]?.delta?.content;
      if (text) res.write(`event: delta\ndata: ${JSON.stringify({ text })}\n\n`);
    }
  }
  res.end(`event: done\ndata: {}\n\n`);
});
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${server.address().port}` })}\n`);
});
process.on("SIGTERM", () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
