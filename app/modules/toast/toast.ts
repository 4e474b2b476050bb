/** A message shown top-right for 5 seconds (SPEC.md section 9). */
export type Toast = { id: string; kind: "success" | "error" | "info"; message: string };
