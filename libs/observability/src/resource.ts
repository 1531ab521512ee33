// What every span says about where it was made: the service, then the process, the host, the Kubernetes pod (from
// the downward-API variables the manifests set) and OTEL_RESOURCE_ATTRIBUTES, which an operator uses to add or
// override any attribute (`deployment.environment.name=staging,…`).
import {
  detectResources,
  envDetector,
  hostDetector,
  processDetector,
  resourceFromAttributes,
  type DetectedResource,
  type Resource,
  type ResourceDetector,
} from '@opentelemetry/resources';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

/** The pod's identity as the Kubernetes manifests hand it down (`valueFrom.fieldRef`); unset outside a cluster. */
export interface KubernetesEnv {
  K8S_POD_NAME?: string;
  K8S_POD_UID?: string;
  K8S_NAMESPACE_NAME?: string;
  K8S_NODE_NAME?: string;
}

/** `k8s.*` resource attributes (OpenTelemetry semantic conventions) from the downward-API variables that are set. */
export const kubernetesDetector = (env: KubernetesEnv): ResourceDetector => ({
  detect: (): DetectedResource => {
    const attributes = Object.fromEntries(
      Object.entries({
        'k8s.pod.name': env.K8S_POD_NAME,
        'k8s.pod.uid': env.K8S_POD_UID,
        'k8s.namespace.name': env.K8S_NAMESPACE_NAME,
        'k8s.node.name': env.K8S_NODE_NAME,
      }).filter((entry): entry is [string, string] => !!entry[1]),
    );
    return { attributes };
  },
});

/**
 * The resource of this process's spans. Later sources win: the service name, then process, host and pod, then
 * OTEL_RESOURCE_ATTRIBUTES (and OTEL_SERVICE_NAME), read from the environment by OpenTelemetry's own env detector.
 */
export const processResource = (serviceName: string, env: KubernetesEnv = {}): Resource =>
  resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName }).merge(
    detectResources({ detectors: [processDetector, hostDetector, kubernetesDetector(env), envDetector] }),
  );
