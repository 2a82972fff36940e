import { dashboardEndpoints, defaultFlow, flowNext, flowPage, flowTypes, videoFlows, type FlowType } from '@reelsmith/contracts';
import { useEffect, useReducer } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { call } from './client.ts';

const storageKey = (projectId: string) => `reelsmith.flow.${projectId}`;
const isFlowType = (value: string | null): value is FlowType => flowTypes.includes(value as FlowType);

function remembered(projectId: string | null): FlowType | null {
  try {
    const value = projectId === null ? null : sessionStorage.getItem(storageKey(projectId));
    return isFlowType(value) ? value : null;
  } catch {
    return null;
  }
}

/** Told when the server names a project's flow, so every page part showing the flow takes it at once. */
const flowConfirmed = 'reelsmith:flow-confirmed';

/** The flow a project's pages take from now on in this tab (the dashboard's Continue sets it before opening one). */
export function rememberFlow(projectId: string, type: FlowType) {
  try {
    sessionStorage.setItem(storageKey(projectId), type);
  } catch {
    // Storage can be off (private mode); each page then takes the flow it most often belongs to.
  }
}

/**
 * The video type's flow this page is part of: the one the project was started in (the pages shared by several
 * flows, like /BRolls or /background-music, cannot tell on their own), else the one the page starts or first
 * appears in. `nextPath` is the flow's next page for the project, which then keeps the flow.
 */
export function useFlow() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    window.addEventListener(flowConfirmed, rerender);
    return () => window.removeEventListener(flowConfirmed, rerender);
  }, []);
  const projectId = params.get('project');
  const kept = remembered(projectId);
  const type = kept && flowPage(videoFlows[kept], pathname) ? kept : defaultFlow(pathname);
  useEffect(() => {
    if (projectId && type) rememberFlow(projectId, type);
  }, [projectId, type]);

  const flow = type ? videoFlows[type] : null;
  return {
    flow,
    projectId,
    page: flow ? flowPage(flow, pathname) : undefined,
    nextPath(project: string): string {
      const next = flow && flowNext(flow, pathname);
      if (!next || !type) throw new Error(`${pathname} has no next page`);
      rememberFlow(project, type);
      return `${next}?${new URLSearchParams({ project }).toString()}`;
    },
  };
}

/**
 * Tells the server which page of a project is open, so the dashboard's Continue comes back to it. Bookkeeping
 * only: a failure changes nothing on the page, and the next page opened reports again.
 */
export function useReportPage(projectId: string | null, path: string | undefined) {
  useEffect(() => {
    if (!projectId || !path) return;
    call(dashboardEndpoints.projectStep, { project_id: projectId, page: path }).then(
      // The server knows the type the project was started as: a tab that lost or never had it (a new tab, a shared
      // page like /BRolls) takes the project's own steps rather than those of the flow the page first appears in.
      ({ flow }) => {
        if (remembered(projectId) === flow) return;
        rememberFlow(projectId, flow);
        window.dispatchEvent(new Event(flowConfirmed));
      },
      () => undefined,
    );
  }, [projectId, path]);
}
