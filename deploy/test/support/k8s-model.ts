// Typed views of the rendered objects the k8s test inspects, plus schema validation with kubernetes-models.
import type { K8sObject } from './kustomize.js';

export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    configMapKeyRef?: { name: string; key: string; optional?: boolean };
    secretKeyRef?: { name: string; key: string; optional?: boolean };
    fieldRef?: { fieldPath: string };
  };
}
export interface Probe {
  httpGet?: { path: string; port: string | number };
  exec?: { command: string[] };
  tcpSocket?: { port: string | number };
}
export interface Container {
  name: string;
  image: string;
  args?: string[];
  command?: string[];
  env?: EnvVar[];
  ports?: { name?: string; containerPort: number }[];
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  startupProbe?: Probe;
  lifecycle?: { preStop?: { exec?: { command: string[] } } };
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  volumeMounts?: { name: string; mountPath: string }[];
  securityContext?: {
    allowPrivilegeEscalation?: boolean;
    readOnlyRootFilesystem?: boolean;
    runAsNonRoot?: boolean;
    capabilities?: { drop?: string[] };
  };
}
export interface PodSpec {
  containers: Container[];
  initContainers?: Container[];
  terminationGracePeriodSeconds?: number;
  automountServiceAccountToken?: boolean;
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number; seccompProfile?: { type: string } };
  volumes?: { name: string; hostPath?: unknown }[];
}
export interface PodTemplate {
  metadata: { labels: Record<string, string> };
  spec: PodSpec;
}
export type Workload = K8sObject & {
  spec: { replicas?: number; selector: { matchLabels: Record<string, string> }; template: PodTemplate };
};
export type Job = K8sObject & { spec: { template: PodTemplate } };
export type Service = K8sObject & {
  spec: {
    selector: Record<string, string>;
    sessionAffinity?: string;
    ports: { name?: string; port: number; targetPort: string | number }[];
  };
};
export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist'; values?: string[] }[];
}
export interface PolicyPeer {
  podSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
  ipBlock?: { cidr: string; except?: string[] };
}
export interface PolicyRule {
  from?: PolicyPeer[];
  to?: PolicyPeer[];
  ports?: { protocol?: string; port?: number | string }[];
}
export type NetworkPolicy = K8sObject & {
  spec: {
    podSelector: LabelSelector;
    policyTypes: ('Ingress' | 'Egress')[];
    ingress?: PolicyRule[];
    egress?: PolicyRule[];
  };
};
export type Hpa = K8sObject & {
  spec: {
    scaleTargetRef: { apiVersion: string; kind: string; name: string };
    minReplicas?: number;
    maxReplicas: number;
    metrics?: { type: string; resource?: { name: string; target: { type: string; averageUtilization?: number } } }[];
  };
};
export type Pdb = K8sObject & {
  spec: { selector: LabelSelector; maxUnavailable?: number | string; minAvailable?: number | string };
};
export type Ingress = K8sObject & {
  spec: {
    ingressClassName?: string;
    rules: {
      host?: string;
      http: {
        paths: { path: string; backend: { service: { name: string; port: { name?: string; number?: number } } } }[];
      };
    }[];
  };
};
export type ConfigMap = K8sObject & { data?: Record<string, string> };
export type Secret = K8sObject & { stringData?: Record<string, string>; data?: Record<string, string> };
export type StatefulSet = Workload & { spec: { volumeClaimTemplates?: { metadata: { name: string } }[] } };

export const selects = (selector: LabelSelector, labels: Record<string, string> = {}): boolean =>
  Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v) &&
  (selector.matchExpressions ?? []).every((e) => {
    switch (e.operator) {
      case 'In':
        return k8sHas(labels, e.key) && (e.values ?? []).includes(labels[e.key]);
      case 'NotIn':
        return !k8sHas(labels, e.key) || !(e.values ?? []).includes(labels[e.key]);
      case 'Exists':
        return k8sHas(labels, e.key);
      case 'DoesNotExist':
        return !k8sHas(labels, e.key);
    }
  });
const k8sHas = (labels: Record<string, string>, key: string) => Object.hasOwn(labels, key);

/** Validates an object against the Kubernetes OpenAPI schema of its kind (kubernetes-models); throws on a violation. */
export const validateAgainstSchema = async (o: K8sObject): Promise<void> => {
  // the Prometheus Operator's kinds (ServiceMonitor, PodMonitor, PrometheusRule) and the Gateway API's are custom
  // resources
  const mod = (
    o.apiVersion.startsWith('monitoring.coreos.com/')
      ? await import(`@kubernetes-models/prometheus-operator/${o.apiVersion}`)
      : o.apiVersion.startsWith('gateway.networking.k8s.io/')
        ? await import(`@kubernetes-models/gateway-api/${o.apiVersion}`)
        : await import(`kubernetes-models/${o.apiVersion}`)
  ) as Record<string, unknown>;
  const Model = mod[o.kind] as (new (data: unknown) => { validate(): void }) | undefined;
  if (!Model) throw new Error(`kubernetes-models has no ${o.apiVersion} ${o.kind}`);
  new Model(o).validate();
};
