/** Structured logs: one JSON line per request on stdout. Never tokens, passwords, bodies or query strings. */

export type LogLevel = 'info' | 'warn' | 'error';

export interface RequestLogLine {
  time: string;
  level: LogLevel;
  method: string;
  route: string;
  status: number;
  ms: number;
}

export interface Logger {
  request(line: Omit<RequestLogLine, 'time' | 'level'>): void;
  event(level: LogLevel, msg: string, extra?: Record<string, string | number | boolean>): void;
}

export type LogMode = 'json' | 'silent';

export function createLogger(mode: LogMode, write: (line: string) => void = (line) => process.stdout.write(line)): Logger {
  if (mode === 'silent') return { request() {}, event() {} };
  const emit = (record: object) => write(`${JSON.stringify(record)}\n`);
  return {
    request(line) {
      const level: LogLevel = line.status >= 500 ? 'error' : line.status >= 400 ? 'warn' : 'info';
      emit({ time: new Date().toISOString(), level, ...line });
    },
    event(level, msg, extra = {}) {
      emit({ time: new Date().toISOString(), level, msg, ...extra });
    },
  };
}
