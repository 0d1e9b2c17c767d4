// Money formatting for the UI. The formatter lives in lib/format/money.ts, below both the UI and the server
// (receipt PDFs, notice e-mails format money too, and server code may not import components/).
export * from "@/lib/format/money";
