import type { SourceKind } from "@parley/contracts";
import { useTranslation } from "@parley/ui/i18n/react";
import { type ComponentType, type ReactNode, useMemo, useState } from "react";
import { KindIcon } from "./icons";
import { FileSourceForm } from "./source-form/FileForm";
import type { SubFormProps, SubmitSource } from "./source-form/shared";
import { QaSourceForm, TextSourceForm } from "./source-form/TextQaForms";
import { WebsiteSourceForm } from "./source-form/WebsiteForm";
import { type TabItem, TabList, TabPanel } from "./Tabs";

export type { SubmitSource } from "./source-form/shared";

const KIND_ORDER = ["text", "qa", "website", "file"] as const;

/** Each kind's form. */
const FORMS: Record<(typeof KIND_ORDER)[number], ComponentType<SubFormProps & { fileLimitMb: number }>> = {
  text: TextSourceForm,
  qa: QaSourceForm,
  website: WebsiteSourceForm,
  file: FileSourceForm,
};

interface SourceFormProps {
  idPrefix: string;
  onSubmit: SubmitSource;
  fileLimitMb: number;
  /** Label of the submit button, e.g. "Add source". */
  submitLabel: string;
  /** Extra actions beside the submit button (the quick start's "Skip for now"). */
  secondary?: ReactNode;
  initialKind?: SourceKind;
}

/**
 * Adding knowledge: a plain-text passage, a Q&A pair, a website to crawl, or a document. Each kind
 * keeps its own half-filled form while the user switches between them.
 */
export function SourceForm({
  idPrefix,
  onSubmit,
  fileLimitMb,
  submitLabel,
  secondary,
  initialKind = "text",
}: SourceFormProps) {
  const { t } = useTranslation("builder");
  const [kind, setKind] = useState<SourceKind>(initialKind);
  const kinds = useMemo<readonly TabItem<SourceKind>[]>(
    () =>
      KIND_ORDER.map((id) => ({
        id,
        label: (
          <>
            <KindIcon kind={id} size={16} />
            {t(`kinds.${id}`)}
          </>
        ),
      })),
    [t],
  );
  return (
    <div className="source-form">
      <TabList
        idPrefix={idPrefix}
        label={t("knowledge.kindLabel")}
        tabs={kinds}
        selected={kind}
        onSelect={setKind}
        className="tabs tabs-pills"
      />
      {KIND_ORDER.map((id) => {
        const KindForm = FORMS[id];
        return (
          <TabPanel key={id} idPrefix={idPrefix} id={id} active={kind === id}>
            <KindForm
              idPrefix={idPrefix}
              onSubmit={onSubmit}
              submitLabel={submitLabel}
              secondary={secondary}
              fileLimitMb={fileLimitMb}
            />
          </TabPanel>
        );
      })}
    </div>
  );
}
