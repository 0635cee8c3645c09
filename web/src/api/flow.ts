import { type Envelope, http } from './http.ts';

/**
 * The workflow's calls (`/api/blade-flow/*`, spec §7 "Flow"; the leave process under
 * `/api/blade-desk/process/leave`) and the shapes they answer, BladeX's field names. The lists are
 * read by the CRUD mechanism (`components/crud`) through the resources' `api` and `listPath`.
 */
export const FLOW = {
  model: '/blade-flow/model',
  manager: '/blade-flow/manager',
  follow: '/blade-flow/follow',
  process: '/blade-flow/process',
  work: '/blade-flow/work',
  leave: '/blade-desk/process/leave',
} as const;

/** A deployed process definition (BladeX `FlowProcess`). */
export interface FlowProcess {
  id: string;
  tenantId: string | null;
  name: string;
  key: string;
  category: string | null;
  categoryName?: string | null;
  version: number;
  deploymentId: string;
  resourceName?: string;
  suspensionState: number;
  deploymentTime?: string;
}

/** One step of a process as the work lists and the history answer it (BladeX `BladeFlow`). */
export interface BladeFlow {
  taskId?: string;
  taskName?: string;
  taskDefinitionKey?: string;
  assignee?: string;
  assigneeName?: string;
  category?: string;
  categoryName?: string;
  createTime?: string;
  endTime?: string;
  claimTime?: string;
  historyTaskEndTime?: string;
  processInstanceId?: string;
  processDefinitionId?: string;
  processDefinitionKey?: string;
  processDefinitionName?: string;
  processDefinitionVersion?: number;
  processIsFinished?: 'finished' | 'unfinished';
  historyActivityId?: string;
  historyActivityName?: string;
  historyActivityType?: string;
  historyActivityDurationTime?: string;
  businessTable?: string;
  businessId?: string;
  status?: string;
  comment?: string;
  variables?: Record<string, unknown>;
}

/** A process diagram with what has happened in it (spec §3 "Workflow diagram data"). */
export interface ModelView {
  xml: string;
  flow: { historyActivityId: string; historyActivityType: string; endTime?: string | null }[];
}

/** A model being designed (BladeX's FlowModel): what identifies it and its BPMN XML (detail and submit only). */
export interface FlowModel {
  id?: string;
  name: string;
  modelKey: string;
  description?: string | null;
  modelEditorXml?: string | null;
  version?: number;
}

const data = <T>(answer: Envelope<T>) => answer.data;
const post = (url: string, params?: Record<string, unknown>, body?: unknown) =>
  http<Envelope<unknown>>({ url, method: 'POST', params, data: body });

export const modelDetail = (id: string) =>
  http<Envelope<FlowModel>>({ url: `${FLOW.model}/detail`, params: { id } }).then(data);

export const submitModel = (model: FlowModel) =>
  http<Envelope<FlowModel>>({ url: `${FLOW.model}/submit`, method: 'POST', data: model }).then(data);

/** Deploys a model's latest XML: one deployment per tenant named, or one for every tenant when none is. */
export const deployModel = (modelId: string, category: string, tenantIds: string[]) =>
  post(`${FLOW.model}/deploy`, { modelId, category, tenantIds: tenantIds.join(',') });

/** Deploys .bpmn files (multipart `files`, `category`, `tenantIds`). */
export function deployUpload(files: readonly File[], category: string, tenantIds: string[]) {
  const form = new FormData();
  form.append('category', category);
  form.append('tenantIds', tenantIds.join(','));
  for (const file of files) form.append('files', file, file.name);
  return post(`${FLOW.manager}/deploy-upload`, undefined, form);
}

export const changeState = (processId: string, state: 'active' | 'suspend') =>
  post(`${FLOW.manager}/change-state`, { processId, state });

/** Deletes deployments; one with running instances is refused unless `cascade` ends them too. */
export const deleteDeployment = (deploymentIds: string[], cascade: boolean) =>
  post(`${FLOW.manager}/delete-deployment`, { deploymentIds: deploymentIds.join(','), cascade });

export const deleteProcessInstance = (processInstanceId: string, deleteReason: string) =>
  post(`${FLOW.follow}/delete-process-instance`, { processInstanceId, deleteReason });

export const modelView = (by: { processInstanceId?: string; processDefinitionId?: string }) =>
  http<Envelope<ModelView>>({ url: `${FLOW.process}/model-view`, params: by }).then(data);

export const historyFlowList = (processInstanceId: string) =>
  http<Envelope<BladeFlow[]>>({ url: `${FLOW.process}/history-flow-list`, params: { processInstanceId } }).then(data);

export const claimTask = (taskId: string) => post(`${FLOW.work}/claim-task`, { taskId });

/**
 * Completes a task: `flag: 'ok'` passes it, anything else rejects; the comment goes to the history
 * (without one, the server writes the decision's word).
 */
export const completeTask = (task: {
  taskId: string;
  processInstanceId: string;
  flag: 'ok' | 'reject';
  comment?: string;
  variables?: Record<string, unknown>;
}) => post(`${FLOW.work}/complete-task`, undefined, task);

/** A leave request (the desk's `ProcessLeave`): its process, what was asked, and by whom. */
export interface LeaveRequest {
  id: string;
  processDefinitionId: string;
  processInstanceId: string | null;
  startTime: string;
  endTime: string;
  reason: string;
  /** The approver (a user id) and their name. */
  taskUser: string;
  taskUserName: string | null;
  applyTime: string;
  /** Whole days between start and end, as the process reads them. */
  days: number;
  /** The applicant (a user id) and their name. */
  createUser: string | null;
  createUserName: string | null;
  flow: { assigneeName: string | null; processIsFinished: 'finished' | 'unfinished' };
}

/** Starts a leave request on a definition: dates as the wire's text, the approver's user id. */
export const startLeave = (request: {
  processDefinitionId: string;
  startTime: string;
  endTime: string;
  reason: string;
  taskUser: string;
}) => post(`${FLOW.leave}/start-process`, undefined, request);

export const leaveDetail = (businessId: string) =>
  http<Envelope<LeaveRequest>>({ url: `${FLOW.leave}/detail`, params: { businessId } }).then(data);
