/** A JSON response from text already serialized (e.g. a memoized response). */
export const jsonText = (text: string, status = 200, headers: Record<string, string> = {}) =>
  new Response(text, { status, headers: { "content-type": "application/json", ...headers } });

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  body === undefined ? new Response(null, { status, headers }) : jsonText(JSON.stringify(body), status, headers);
