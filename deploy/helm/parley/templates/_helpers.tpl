{{/* The release's base name: "parley" for a release named parley (objects parley-api, …). */}}
{{- define "parley.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 52 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 52 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 52 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- define "parley.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Selector labels of one component: (dict "ctx" $ "component" "api"). */}}
{{- define "parley.selectorLabels" -}}
app.kubernetes.io/name: {{ include "parley.name" .ctx }}
app.kubernetes.io/instance: {{ .ctx.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{- define "parley.labels" -}}
{{ include "parley.selectorLabels" . }}
app.kubernetes.io/version: {{ .ctx.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .ctx.Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .ctx.Chart.Name .ctx.Chart.Version | replace "+" "_" }}
{{- end -}}

{{/* The Secret the pods read: the operator's own, or the one this chart creates. */}}
{{- define "parley.secretName" -}}
{{- default (include "parley.fullname" .) .Values.existingSecret -}}
{{- end -}}

{{- define "parley.scheme" -}}
{{- if and .Values.ingress.enabled .Values.ingress.tls.enabled -}}https{{- else -}}http{{- end -}}
{{- end -}}

{{- define "parley.image" -}}
{{- printf "%s:%s" .image.repository (default .ctx.Chart.AppVersion .image.tag) -}}
{{- end -}}

{{/*
The variables each service reads from the Secret: variable → key (and whether the key may be
absent). Every secret setting of apps/api/src/env.ts and apps/auth/src/env.ts is here; none is in
a ConfigMap.
*/}}
{{- define "parley.apiSecretEnv" -}}
DATABASE_URL: { key: api-database-url }
REDIS_URL: { key: redis-url, optional: true }
AUTH_EVENTS_SECRET: { key: auth-events-secret }
MODEL_KEYS_SECRET: { key: model-keys-secret }
MODEL_KEYS_SECRET_PREVIOUS: { key: model-keys-secret-previous, optional: true }
IDENTITY_SECRETS_KEY: { key: identity-secrets-key }
PAYMENTS_SANDBOX_SECRET: { key: payments-sandbox-secret, optional: true }
BENEFIT_TRANPORTAL_ID: { key: benefit-tranportal-id, optional: true }
BENEFIT_TRANPORTAL_PASSWORD: { key: benefit-tranportal-password, optional: true }
BENEFIT_RESOURCE_KEY: { key: benefit-resource-key, optional: true }
MPGS_BASE_URL: { key: mpgs-base-url, optional: true }
MPGS_MERCHANT_ID: { key: mpgs-merchant-id, optional: true }
MPGS_API_PASSWORD: { key: mpgs-api-password, optional: true }
MPGS_WEBHOOK_SECRET: { key: mpgs-webhook-secret, optional: true }
LLM_API_KEY: { key: llm-api-key, optional: true }
EMBEDDINGS_API_KEY: { key: embeddings-api-key, optional: true }
METRICS_TOKEN: { key: metrics-token, optional: true }
{{- end -}}

{{- define "parley.authSecretEnv" -}}
DATABASE_URL: { key: auth-database-url }
BETTER_AUTH_SECRET: { key: better-auth-secret }
AUTH_EVENTS_SECRET: { key: auth-events-secret }
SMTP_URL: { key: smtp-url, optional: true }
{{- range $id, $_ := .Values.auth.socialProviders }}
{{ upper $id }}_CLIENT_SECRET: { key: {{ $id }}-client-secret }
{{- end }}
{{- end -}}

{{/* env entries from one of the maps above: (dict "ctx" $ "vars" (include … | fromYaml)). */}}
{{- define "parley.secretEnv" -}}
{{- $secret := include "parley.secretName" .ctx -}}
{{- range $name, $ref := .vars }}
- name: {{ $name }}
  valueFrom:
    secretKeyRef:
      name: {{ $secret }}
      key: {{ $ref.key }}
      {{- if $ref.optional }}
      optional: true
      {{- end }}
{{- end }}
{{- end -}}

{{/*
Settings from api.config / auth.config go into a ConfigMap: one whose name says it is secret is
refused (it belongs in the Secret). The password length rules of the auth service are not secret.
*/}}
{{- define "parley.extraConfig" -}}
{{- range $k, $v := .config }}
{{- if and (regexMatch "SECRET|PASSWORD|TOKEN|KEY|DATABASE_URL|REDIS_URL|SMTP_URL" $k) (not (regexMatch "^(PASSWORD_MIN_LENGTH|PASSWORD_MAX_LENGTH|REVOKE_SESSIONS_ON_PASSWORD_RESET)$" $k)) }}
{{- fail (printf "%s.config.%s looks secret: put it in the Secret, not a ConfigMap" $.service $k) }}
{{- end }}
{{ $k }}: {{ $v | toString | quote }}
{{- end }}
{{- end -}}

{{/* The pods' and containers' hardening, as the images expect (the `node` user, 1000). */}}
{{- define "parley.podSecurityContext" -}}
runAsNonRoot: true
runAsUser: 1000
runAsGroup: 1000
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{- define "parley.containerSecurityContext" -}}
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
capabilities:
  drop: [ALL]
{{- end -}}
