// A slow day, rehearsed: two CPU-bound processes run beside a command (by default the whole
// `pnpm test`), so the suite meets a machine with half its cores taken, as it may on CI.
//
//   node scripts/slow-day.mjs                 runs `pnpm test` with two burners beside it
//   node scripts/slow-day.mjs -- bash .ci/run runs any command that way
//   node scripts/slow-day.mjs start | stop    leaves the burners running (pid file) / stops them
//
// Each burner is a plain busy loop in its own process at normal priority: it takes a core for as
// long as it runs, exactly like another job on a shared machine. The command's exit status is
// passed on; the burners are stopped however the command ends (also on Ctrl-C).
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { root } from "./lib.mjs";

const BURNERS = Number(process.env.SLOW_DAY_BURNERS ?? 2);
const pidFile = path.join(tmpdir(), "parley-slow-day.pids");

function startBurners() {
  const pids = [];
  for (let i = 0; i < BURNERS; i++) {
    const child = spawn(process.execPath, ["-e", "for(;;){}"], { detached: true, stdio: "ignore" });
    child.unref();
    pids.push(child.pid);
  }
  return pids;
}

function stopBurners(pids) {
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}

const [verb, ...rest] = process.argv.slice(2);
if (verb === "start") {
  if (existsSync(pidFile))
    stopBurners(readFileSync(pidFile, "utf8").split(/\s+/).filter(Boolean).map(Number));
  const pids = startBurners();
  writeFileSync(pidFile, pids.join("\n"));
  console.log(
    `slow day: ${pids.length} CPU-bound processes running (${pids.join(", ")}); stop them with "stop"`,
  );
} else if (verb === "stop") {
  if (!existsSync(pidFile)) {
    console.log("slow day: no burners were started");
  } else {
    stopBurners(readFileSync(pidFile, "utf8").split(/\s+/).filter(Boolean).map(Number));
    rmSync(pidFile);
    console.log("slow day: burners stopped");
  }
} else {
  const command = verb === "--" ? rest : verb === undefined ? ["pnpm", "test"] : [verb, ...rest];
  const [cmd, ...args] = command;
  const pids = startBurners();
  console.log(`slow day: ${pids.length} CPU-bound processes beside \`${command.join(" ")}\``);
  const started = Date.now();
  const child = spawn(cmd, args, { cwd: root, stdio: "inherit" });
  const end = (code) => {
    stopBurners(pids);
    console.log(
      `slow day: \`${command.join(" ")}\` ended (exit ${code}) after ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    process.exit(code);
  };
  for (const signal of ["SIGINT", "SIGTERM"])
    process.on(signal, () => {
      child.kill(signal);
    });
  child.on("exit", (code, signal) => end(code ?? (signal ? 1 : 0)));
  child.on("error", (err) => {
    console.error(`slow day: could not run ${cmd}: ${err.message}`);
    end(1);
  });
}
