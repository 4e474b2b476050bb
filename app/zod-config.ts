import { z } from "zod";

// Zod compiles object validators with `new Function` where eval is allowed, and probes for that when a schema
// is created. Our Content-Security-Policy allows no eval, and the browser reports even the caught probe as a
// violation. So in the browser it validates without compiling. This module must be evaluated before any
// schema is created: every module that creates schemas imports it first (pages without a form load no Zod).
if (typeof document !== "undefined") z.config({ jitless: true });
