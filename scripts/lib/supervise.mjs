// Keeps a child process running: when it exits without being asked to, it is started again after a
// back-off (1 s, 2 s, 4 s … capped at 30 s) that resets once a run has lasted STABLE_MS. A process that
// fails within FIRST_RUN_MS of its very first start is a set-up problem (port taken, broken build), not
// a crash: `onGiveUp` decides what then happens instead of restarting forever.
// Each child runs in a process group of its own and is signalled as a group: when the child dies, whatever it
// started dies with it (a wrapper's real process would otherwise live on unsupervised beside the restarted one).
import { spawn } from "node:child_process";

const MIN_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;
const STABLE_MS = 60_000;
const FIRST_RUN_MS = 10_000;

/**
 * Starts `cmd args` under supervision. Returns { stop(): Promise<void>, restarts(): number }.
 * `giveUpOnFirstFailure`: call onGiveUp(code) instead of restarting when the first run fails early.
 * `output(text)`: receives the child's stdout and stderr instead of this process's streams.
 */
export function supervise(
  name,
  cmd,
  args,
  { env, giveUpOnFirstFailure = false, onGiveUp, log = console.log, output } = {},
) {
  let child = null;
  let timer = null;
  let stopping = false;
  let delay = MIN_DELAY_MS;
  let restarts = 0;
  let firstRun = true;

  const start = () => {
    timer = null;
    if (stopping) return;
    const startedAt = Date.now();
    // output: a callback for the child's stdout and stderr (default: this process's)
    const c = spawn(cmd, args, {
      env,
      detached: true, // its own process group (pgid = pid), ended as a whole
      stdio: ["ignore", output ? "pipe" : "inherit", output ? "pipe" : "inherit"],
    });
    c.stdout?.on("data", (d) => output(String(d)));
    c.stderr?.on("data", (d) => output(String(d)));
    child = c;
    c.on("error", (e) => log(`${name}: cannot start (${e.message})`)); // followed by "exit"
    c.on("exit", (code, signal) => {
      child = null;
      // the group's other processes (e.g. a wrapper's real process) must not outlive it
      signalGroup(c, "SIGKILL");
      if (stopping) return;
      const ran = Date.now() - startedAt;
      const how = signal ? `signal ${signal}` : `code ${code}`;
      if (firstRun && giveUpOnFirstFailure && ran < FIRST_RUN_MS) return onGiveUp?.(code ?? 1);
      firstRun = false;
      if (ran >= STABLE_MS) delay = MIN_DELAY_MS;
      log(`${name} exited unexpectedly (${how}) after ${Math.round(ran / 1000)} s; restarting in ${delay / 1000} s`);
      restarts++;
      timer = setTimeout(start, delay);
      delay = Math.min(delay * 2, MAX_DELAY_MS);
    });
    setTimeout(() => {
      if (child === c) firstRun = false;
    }, FIRST_RUN_MS).unref();
  };
  start();
  // this process ending for any reason but SIGKILL (an error, process.exit) takes the child's group with it
  const onExit = () => child && signalGroup(child, "SIGTERM");
  process.on("exit", onExit);

  return {
    restarts: () => restarts,
    pid: () => child?.pid,
    /** Stops it for good: SIGTERM, then SIGKILL after `graceMs`. */
    stop: async (graceMs = 25_000) => {
      stopping = true;
      clearTimeout(timer);
      process.off("exit", onExit);
      const c = child;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      const exited = new Promise((r) => c.once("exit", r));
      signalGroup(c, "SIGTERM");
      const killer = setTimeout(() => signalGroup(c, "SIGKILL"), graceMs);
      await exited;
      clearTimeout(killer);
    },
  };
}

/** Sends `signal` to the child's whole process group (nothing left: nothing to do). */
function signalGroup(c, signal) {
  if (!c.pid) return;
  try {
    process.kill(-c.pid, signal);
  } catch {
    // ESRCH: the group is gone already
  }
}
