import { Trans, useTranslation } from "@parley/ui/i18n/react";
import { LoadStatus } from "../../../components/LoadStatus";
import { OPENAPI_URL, useOpenApiDocument } from "../api";
import {
  constraintsOf,
  fieldsOf,
  isOpenApiDoc,
  type JsonSchema,
  type Operation,
  operationsByTag,
  typeLabel,
  unwrapNullable,
  variantsOf,
} from "../openapi-view";

const code = { code: <code dir="ltr" /> };

/**
 * The API reference, drawn from /api/v1/openapi.json by our own small renderer (no Swagger UI):
 * loaded only when this section is opened. The document's own texts are English; everything
 * around them follows the reader's language.
 */
export default function ApiReference() {
  const { t } = useTranslation("developers");
  const query = useOpenApiDocument();
  const doc = query.data;
  return (
    <section className="card settings-card" aria-labelledby="api-ref-h">
      <div className="settings-card-intro">
        <h2 id="api-ref-h">{t("reference.title")}</h2>
        <div className="settings-card-description">{t("reference.description")}</div>
        <a className="btn btn-secondary btn-sm" href={OPENAPI_URL} target="_blank" rel="noreferrer">
          {t("reference.download")}
        </a>
      </div>
      <div className="settings-card-body api-ref">
        <LoadStatus
          query={query}
          failed={query.isError || (doc !== undefined && !isOpenApiDoc(doc))}
          loading={t("reference.loading")}
          failure={t("reference.failed")}
          retryLabel={t("keys.retry")}
        />
        {isOpenApiDoc(doc) ? (
          <>
            <h3>{t("reference.auth")}</h3>
            <p>
              <Trans t={t} i18nKey="reference.authBody" components={code} />
            </p>
            <h3>{t("reference.errors")}</h3>
            <p>
              <Trans t={t} i18nKey="reference.errorsBody" components={code} />
            </p>
            {operationsByTag(doc).map((group) => (
              <section key={group.tag} className="api-ref-group" aria-labelledby={`tag-${group.tag}`}>
                <h3 id={`tag-${group.tag}`} dir="ltr">
                  {group.tag}{" "}
                  <span className="api-ref-count" dir="auto">
                    {t("reference.endpoints", { count: group.operations.length })}
                  </span>
                </h3>
                {group.operations.map((op) => (
                  <OperationView key={op.id} op={op} />
                ))}
              </section>
            ))}
          </>
        ) : null}
      </div>
    </section>
  );
}

function OperationView({ op }: { op: Operation }) {
  const { t } = useTranslation("developers");
  return (
    <details className="api-ref-op" id={op.id}>
      <summary>
        <span className={`api-ref-method api-ref-method-${op.method.toLowerCase()}`} dir="ltr">
          {op.method}
        </span>{" "}
        <code className="api-ref-path" dir="ltr">
          {op.path}
        </code>
        <span className="api-ref-summary" dir="ltr">
          {op.summary}
        </span>
      </summary>
      <div className="api-ref-op-body">
        {op.description ? (
          <p dir="ltr" className="api-ref-description">
            {op.description}
          </p>
        ) : null}
        {op.parameters.length > 0 ? (
          <>
            <h4>{t("reference.parameters")}</h4>
            <ul className="api-ref-fields">
              {op.parameters.map((p) => (
                <li key={`${p.in}-${p.name}`}>
                  <FieldLine
                    name={p.name}
                    required={p.required}
                    schema={p.schema}
                    where={p.in === "path" ? t("reference.inPath") : t("reference.inQuery")}
                  />
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {op.body ? (
          <>
            <h4>
              {t("reference.body")} <code dir="ltr">{op.body.contentType}</code>
            </h4>
            <SchemaView schema={op.body.schema} depth={0} />
          </>
        ) : null}
        <h4>{t("reference.responses")}</h4>
        <ul className="api-ref-responses">
          {op.responses.map((r) => (
            <li key={r.status}>
              <code dir="ltr" className="api-ref-status">
                {r.status}
              </code>
              {r.schema ? (
                <details>
                  <summary>{t("reference.showSchema")}</summary>
                  <SchemaView schema={r.schema} depth={0} />
                </details>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}

/** One field: its name, type, whether it is required, its limits and its description. */
function FieldLine({
  name,
  required,
  schema: raw,
  where,
}: {
  name: string;
  required: boolean;
  schema: JsonSchema;
  where?: string;
}) {
  const { t } = useTranslation("developers");
  const { schema, nullable } = unwrapNullable(raw);
  const limits = constraintsOf(schema);
  return (
    <>
      <code dir="ltr" className="api-ref-field-name">
        {name}
      </code>{" "}
      <span className="api-ref-type" dir="ltr">
        {typeLabel(schema)}
      </span>
      {nullable ? <span className="api-ref-tag"> {t("reference.nullable")}</span> : null}{" "}
      <span className={required ? "api-ref-required" : "api-ref-tag"}>
        {required ? t("reference.required") : t("reference.optional")}
      </span>
      {where ? <span className="api-ref-tag"> · {where}</span> : null}
      {limits.length > 0 ? (
        <span className="api-ref-limits" dir="ltr">
          {" "}
          ({limits.join(", ")})
        </span>
      ) : null}
      {(schema.description ?? raw.description) ? (
        <div className="api-ref-field-description" dir="ltr">
          {schema.description ?? raw.description}
        </div>
      ) : null}
    </>
  );
}

/** An object's fields, an array's items, or a union's variants; nested ones fold away. */
function SchemaView({ schema: raw, depth }: { schema: JsonSchema; depth: number }) {
  const { t } = useTranslation("developers");
  const { schema } = unwrapNullable(raw);
  if (depth > 6) return null;
  const variants = variantsOf(schema);
  if (variants) {
    return (
      <div className="api-ref-variants">
        <span className="api-ref-tag">{t("reference.oneOf")}</span>
        <ol>
          {variants.map((v, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: variants have no identity but their place.
            <li key={i}>
              <SchemaView schema={v} depth={depth + 1} />
            </li>
          ))}
        </ol>
      </div>
    );
  }
  if (schema.items) {
    return (
      <div>
        <span className="api-ref-tag">{t("reference.items")}</span>{" "}
        <span className="api-ref-type" dir="ltr">
          {typeLabel(unwrapNullable(schema.items).schema)}
        </span>
        <SchemaView schema={schema.items} depth={depth + 1} />
      </div>
    );
  }
  if (!schema.properties) return depth === 0 ? <p className="api-ref-tag">{typeLabel(schema)}</p> : null;
  const fields = fieldsOf(schema);
  if (fields.length === 0) return <p className="api-ref-tag">{t("reference.noFields")}</p>;
  return (
    <ul className="api-ref-fields">
      {fields.map((f) => {
        const inner = unwrapNullable(f.schema).schema;
        const nested = Boolean(inner.properties || inner.items?.properties || variantsOf(inner));
        return (
          <li key={f.name}>
            <FieldLine name={f.name} required={f.required} schema={f.schema} />
            {nested ? (
              <details>
                <summary>{t("reference.showSchema")}</summary>
                <SchemaView schema={inner} depth={depth + 1} />
              </details>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
