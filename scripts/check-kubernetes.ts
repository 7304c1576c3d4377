// `npm run check:kubernetes`: renders deploy/kubernetes with `kubectl kustomize` (KUBECTL, or the
// kubectl on PATH) and checks each object against the Kubernetes API's schemas of a current
// release (kubernetes-models, Kubernetes 1.36), then what the portal relies on: two replicas, the
// three probes on the management port, a non-root user on a read-only root with a writable
// volume, resources, and selectors and references that meet. CI runs it (.ci/run).
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Deployment } from 'kubernetes-models/apps/v1';
import { Job } from 'kubernetes-models/batch/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Secret, Service } from 'kubernetes-models/v1';
import type { IPodSpec } from 'kubernetes-models/v1';
import { parseAllDocuments } from 'yaml';

const SOURCE = path.join(import.meta.dirname, '..', 'deploy', 'kubernetes');
const KUBECTL = process.env['KUBECTL'] ?? 'kubectl';

/** The kinds the manifests use, each with its model of the API's schema. */
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'batch/v1/Job': Job,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
};

interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: Record<string, unknown>;
}

const problems: string[] = [];
const expect = (ok: boolean, problem: string) => {
  if (!ok) problems.push(problem);
};

/** Renders a copy, with the example's secrets where the operator's are not there. */
function render(): string {
  const copy = mkdtempSync(path.join(os.tmpdir(), 'pp-kustomize-'));
  try {
    cpSync(SOURCE, copy, { recursive: true });
    if (!existsSync(path.join(copy, 'secrets.env'))) {
      copyFileSync(path.join(copy, 'secrets.env.example'), path.join(copy, 'secrets.env'));
    }
    return execFileSync(KUBECTL, ['kustomize', copy], { encoding: 'utf8' });
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

function checkPod(owner: string, pod: IPodSpec, names: Set<string>, probes: boolean) {
  expect(pod.securityContext?.runAsNonRoot === true, `${owner}: runAsNonRoot`);
  expect(pod.automountServiceAccountToken === false, `${owner}: no service account token`);
  for (const container of pod.containers) {
    const where = `${owner}, container ${container.name}`;
    const security = container.securityContext;
    expect(security?.readOnlyRootFilesystem === true, `${where}: readOnlyRootFilesystem`);
    expect(security?.allowPrivilegeEscalation === false, `${where}: allowPrivilegeEscalation`);
    const writable = new Set((pod.volumes ?? []).filter((v) => v.emptyDir).map((v) => v.name));
    expect(
      (container.volumeMounts ?? []).some((m) => writable.has(m.name) && !m.readOnly),
      `${where}: a writable volume`,
    );
    expect(!!container.resources?.requests && !!container.resources.limits, `${where}: resources`);
    for (const source of container.envFrom ?? []) {
      const name = source.configMapRef?.name ?? source.secretRef?.name ?? '';
      expect(names.has(name), `${where}: envFrom ${name} is not rendered`);
    }
    if (!probes) continue;
    // An exec hook works on every Kubernetes release; the `sleep` action only from 1.30.
    expect(
      container.lifecycle?.preStop?.exec?.command?.[0] === 'sleep',
      `${where}: a preStop pause (exec sleep)`,
    );
    const port = container.ports?.find((p) => p.name === 'management')?.containerPort;
    expect(port === 9000, `${where}: the management port 9000`);
    for (const [probe, route] of [
      ['startupProbe', '/health/started'],
      ['livenessProbe', '/health/live'],
      ['readinessProbe', '/health/ready'],
    ] as const) {
      const get = container[probe]?.httpGet;
      expect(
        get?.path === route && get.port === 'management',
        `${where}: ${probe} on management ${route}`,
      );
    }
  }
}

const rendered = render();
const objects: KubeObject[] = parseAllDocuments(rendered).map((doc) => doc.toJS() as KubeObject);
for (const object of objects) {
  // kustomize wraps a long Secret value's base64 over lines, which the API server's decoder
  // skips and the schema's `byte` format does not.
  if (object.kind === 'Secret' && 'data' in object) {
    const data = (object as { data: Record<string, string> }).data;
    for (const key of Object.keys(data)) data[key] = data[key]!.replace(/\s+/g, '');
  }
  const Model = MODELS[`${object.apiVersion}/${object.kind}`];
  if (!Model) {
    problems.push(`${object.kind} ${object.metadata.name}: no schema here (add it to MODELS)`);
    continue;
  }
  try {
    new Model(object as never).validate();
  } catch (error) {
    problems.push(`${object.kind} ${object.metadata.name}: ${(error as Error).message}`);
  }
}

const ofKind = (kind: string) => objects.filter((o) => o.kind === kind);
const names = new Set(
  objects.filter((o) => o.kind === 'ConfigMap' || o.kind === 'Secret').map((o) => o.metadata.name),
);
const [deployment] = ofKind('Deployment').map((o) => new Deployment(o as never));
const [job] = ofKind('Job').map((o) => new Job(o as never));
if (!deployment || !job) {
  problems.push('a Deployment and a migration Job');
} else {
  expect(deployment.spec?.replicas === 2, 'Deployment: two replicas');
  const podLabels = deployment.spec?.template.metadata?.labels ?? {};
  const matches = (selector: Record<string, string> | undefined) =>
    !!selector && Object.entries(selector).every(([key, value]) => podLabels[key] === value);
  expect(matches(deployment.spec?.selector.matchLabels), 'Deployment: selector');
  for (const pdb of ofKind('PodDisruptionBudget').map((o) => new PodDisruptionBudget(o as never))) {
    expect(matches(pdb.spec?.selector?.matchLabels), `PodDisruptionBudget: selector`);
  }
  for (const service of ofKind('Service').map((o) => new Service(o as never))) {
    expect(matches(service.spec?.selector), 'Service: selector');
  }
  checkPod('Deployment', deployment.spec!.template.spec!, names, true);
  checkPod('Job', job.spec!.template.spec!, names, false);
  expect(
    job.spec!.template.spec!.containers.some((c) => c.command?.join(' ').includes('db-migrate')),
    'Job: runs the migrations (db-migrate)',
  );
}
// Argo CD creates its hooks before the sync's other objects: a PreSync Job would wait for the
// generated ConfigMap and Secret (their names carry a hash) that do not exist yet (issue 45).
for (const object of objects) {
  expect(
    !object.metadata.annotations?.['argocd.argoproj.io/hook'],
    `${object.kind} ${object.metadata.name}: no Argo CD hook (docs/operations.md, "Kubernetes")`,
  );
}
expect(ofKind('PodDisruptionBudget').length === 1, 'a PodDisruptionBudget');
expect(ofKind('Service').length === 1, 'a Service');

const kubectl = execFileSync(KUBECTL, ['version', '--client'], { encoding: 'utf8' });
const version = /Client Version: (\S+)/.exec(kubectl)?.[1] ?? 'unknown';
if (problems.length > 0) {
  console.error(
    `deploy/kubernetes (kubectl ${version}):\n${problems.map((p) => `  - ${p}`).join('\n')}`,
  );
  process.exit(1);
}
process.stdout.write(
  `deploy/kubernetes: ${objects.length} objects rendered (kubectl ${version}), valid against ` +
    `Kubernetes 1.36's schemas, with the probes, security and selectors the portal needs.\n`,
);
