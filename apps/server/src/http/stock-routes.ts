import { genericMessages, stockAddRequest, stockMessages, stockSearchRequest } from '@reelsmith/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Auth } from '../services/auth.ts';
import type { StockService } from '../services/stock.ts';
import { parseWith } from './errors.ts';
import { requireSessionUser } from './session.ts';

const blank = (body: unknown) => {
  const q = (body as { q?: unknown } | null)?.q;
  return q === undefined || (typeof q === 'string' && q.trim() === '');
};

/**
 * POST /api/{provider}-search (SPEC §7: the path carries the provider's name, e.g. /api/pexels-search) and its
 * provider-neutral twin /api/stock-search, which the web app uses whatever provider is configured;
 * POST /api/stock-add keeps a chosen result as the user's upload.
 */
export function registerStockRoutes(app: FastifyInstance, deps: { auth: Auth; stock: StockService }): void {
  const search = async (request: FastifyRequest) => {
    await requireSessionUser(deps.auth, request);
    const query = parseWith(stockSearchRequest, request.body, blank(request.body) ? stockMessages.emptyQuery : genericMessages.badRequest);
    return deps.stock.search(query);
  };
  app.post('/api/stock-search', search);
  app.post(`/api/${deps.stock.provider}-search`, search);

  app.post('/api/stock-add', async (request, reply) => {
    const user = await requireSessionUser(deps.auth, request);
    const body = parseWith(stockAddRequest, request.body);
    return reply.status(201).send(await deps.stock.add(user.id, body));
  });
}
