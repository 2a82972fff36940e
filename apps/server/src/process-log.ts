import { pino } from 'pino';
import type { AppConfig } from './config.ts';
import type { Logger } from './compose.ts';
import { logDestination } from './http/request-log.ts';

/**
 * The log of what happens outside a request (jobs, the queue, providers): JSON lines like the request log, so a job's
 * lines carry its request id as a field that a log search can join on.
 */
export function processLog(config: Pick<AppConfig, 'logLevel'>): Logger {
  const logger = pino({ level: config.logLevel }, logDestination());
  return {
    info: (message, fields) => logger.info(fields ?? {}, message),
    error: (message, fields) => logger.error(fields ?? {}, message),
  };
}
