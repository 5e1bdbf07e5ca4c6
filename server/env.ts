import * as v from 'valibot';

const Port = v.pipe(
  v.optional(v.string(), ''),
  v.transform((s) => (s === '' ? undefined : Number(s))),
  v.optional(v.pipe(v.number('must be a number'), v.integer('must be a whole number'), v.minValue(1, 'must be 1 or more'), v.maxValue(65535, 'must be 65535 or less'))),
);

const EnvSchema = v.object({
  APP_PORT: Port,
  API_PORT: Port,
  PSP_PORT: Port,
  HOST: v.optional(v.string(), '127.0.0.1'),
});

export interface Env {
  appPort: number;
  apiPort: number;
  pspPort: number;
  host: string;
}

/** Reads and validates the environment, with one clear line per bad value. */
export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = v.safeParse(EnvSchema, source);
  if (!parsed.success) {
    const lines = parsed.issues.map((i) => `${v.getDotPath(i) ?? '?'}: ${i.message}`);
    throw new Error(`Bad configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.output;
  return { appPort: e.APP_PORT ?? 3000, apiPort: e.API_PORT ?? 3001, pspPort: e.PSP_PORT ?? 3002, host: e.HOST };
}
