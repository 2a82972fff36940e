import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useFlow } from './flow.ts';
import { useSession } from './session.ts';

/**
 * What a step of a video's flow starts with: the signed-in user, the project in the address and the flow's page,
 * with the two moves a step makes: naming its project in the address, and going on to the flow's next page.
 */
export function useWorkflowPage() {
  const navigate = useNavigate();
  const { projectId, page, nextPath } = useFlow();
  const { data: user } = useSession();
  const [, setParams] = useSearchParams();
  /** The address names the project, so a reload and the steps after this one find it. */
  const setProject = useCallback((id: string) => setParams({ project: id }, { replace: true }), [setParams]);
  const goNext = (id: string) => navigate(nextPath(id));
  return { user, projectId, page, setProject, goNext };
}
