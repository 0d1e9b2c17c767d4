// Connections that only wait (the change-notification listener, the idempotency lock holder) must not keep
// a script or a test process alive: their socket is unref'd once connected.
import { Socket } from "node:net";
import type pg from "pg";

/** Lets the process exit while this client's connection is open (a TLS socket is a net.Socket too). */
export function unrefConnection(client: pg.Client): void {
  const socket = client.connection?.stream;
  if (socket instanceof Socket) socket.unref();
}
