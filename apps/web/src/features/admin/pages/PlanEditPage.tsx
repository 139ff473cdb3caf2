import { zodResolver } from "@hookform/resolvers/zod";
import type { AdminPlan } from "@parley/contracts";
import { Alert } from "@parley/ui/components/Alert";
import { Button } from "@parley/ui/components/Button";
import { Field, fieldAria } from "@parley/ui/components/Field";
import { directionOf } from "@parley/ui/i18n/languages";
import { useLanguage, useTranslation } from "@parley/ui/i18n/react";
import { useEffect, useId, useState } from "react";
import { type FieldError, useForm } from "react-hook-form";
import { useParams } from "react-router-dom";
import { useDocumentTitle } from "../../../components/use-document-title";
import { isApiError } from "../../../lib/api";
import { useEditPlan, usePlansAdmin } from "../api";
import { useCanChange } from "../components/ConsoleContext";
import { ActionError, ReasonField, useValidationText } from "../components/form";
import { planFormSchema } from "../components/plan-form";
import { BackLink, LoadStatus, Missing, Section } from "../components/Status";
import { useBeforeStepUp } from "../components/StepUp";
import { type PlanFormValues, planFormValues, planPatch, rebasePlanForm } from "../console";
import { dropDraft, peekDraft, saveDraft } from "../drafts";

/** `/admin/plans/:id`: one plan's editor (its version is the one loaded with the list). */
export function PlanEditPage() {
  const { t } = useTranslation("admin");
  useDocumentTitle(t("planEdit.documentTitle"));
  const { id = "" } = useParams();
  const plans = usePlansAdmin();
  const plan = plans.data?.items.find((p) => p.id === id);
  return (
    <>
      <BackLink to="/admin/plans">{t("common.backToPlans")}</BackLink>
      <LoadStatus
        query={plans}
        loading={t("plans.loading")}
        failed={t("plans.failed")}
        quiet={plan !== undefined}
      />
      {plans.data && !plan ? <Missing title={t("planEdit.notFound")} id={id} /> : null}
      {plan ? (
        <PlanEditor
          key={plan.id}
          plan={plan}
          reload={async () => (await plans.refetch()).data?.items.find((p) => p.id === id) ?? null}
        />
      ) : null}
    </>
  );
}

interface Draft {
  base: AdminPlan;
  values: PlanFormValues;
}

type Notice = { tone: "success" | "info"; text: string };

function PlanEditor({ plan, reload }: { plan: AdminPlan; reload: () => Promise<AdminPlan | null> }) {
  const { t } = useTranslation("admin");
  const { language } = useLanguage();
  const id = useId();
  const canChange = useCanChange();
  const validation = useValidationText();
  const edit = useEditPlan(plan.id);
  const draftKey = `plan:${plan.id}`;
  // A draft kept while the operator signed in again: what they typed, on the plan as it is now.
  const [restored] = useState(() => peekDraft<Draft>(draftKey));
  const [base, setBase] = useState<AdminPlan>(plan);
  const [failure, setFailure] = useState<unknown>(null);
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(
    restored ? { tone: "info", text: t("planEdit.restored") } : null,
  );
  const free = plan.tier === 0 && plan.price.amount === 0;
  const form = useForm<PlanFormValues>({
    resolver: zodResolver(planFormSchema(free)),
    defaultValues: restored ? rebasePlanForm(restored.values, restored.base, plan) : planFormValues(plan),
  });
  const { register, formState, watch, setValue, getValues, reset } = form;
  const { errors, isSubmitting } = formState;

  useEffect(() => dropDraft(draftKey), [draftKey]);
  useBeforeStepUp(() => saveDraft(draftKey, { base, values: getValues() } satisfies Draft));

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    setNotice(null);
    const patch = planPatch(base, values);
    if (!patch) {
      form.setError("root", { message: "nothingChanged" });
      return;
    }
    try {
      const saved = await edit.mutateAsync(patch);
      setBase(saved);
      setConflict(false);
      reset(planFormValues(saved));
      setNotice({ tone: "success", text: t("planEdit.saved", { version: saved.version }) });
    } catch (error) {
      setFailure(error);
      setConflict(isApiError(error) && error.code === "CONFLICT");
    }
  });

  const reloadPlan = async () => {
    setReloading(true);
    try {
      const fresh = await reload();
      if (fresh) {
        reset(rebasePlanForm(getValues(), base, fresh));
        setBase(fresh);
        setConflict(false);
        setFailure(null);
        setNotice({ tone: "info", text: t("planEdit.reloaded") });
      }
    } finally {
      setReloading(false);
    }
  };

  const fieldError = (error: FieldError | undefined) => validation(error?.message);
  /** One language's text of the plan: its field (label, error) and its box, in that language. */
  const langText = (name: "name" | "description" | "features", lang: "en" | "ar") => {
    const fid = `${id}-${name}-${lang}`;
    const error = fieldError(errors[name]?.[lang]);
    return {
      field: { id: fid, label: t(`planEdit.${name}`), error },
      box: {
        id: fid,
        lang,
        dir: directionOf(lang),
        ...fieldAria(fid, error),
        ...register(`${name}.${lang}`),
      },
    };
  };
  const number = (path: "price" | `limits.${keyof PlanFormValues["limits"]}`, label: string, step = "1") => {
    const fid = `${id}-${path}`;
    const error = fieldError(
      path === "price" ? errors.price : errors.limits?.[path.slice(7) as keyof PlanFormValues["limits"]],
    );
    return (
      <Field id={fid} label={label} error={error}>
        <input
          id={fid}
          type="number"
          inputMode={step === "1" ? "numeric" : "decimal"}
          step={step}
          min={0}
          dir="ltr"
          {...fieldAria(fid, error)}
          {...register(path, { valueAsNumber: true })}
        />
      </Field>
    );
  };
  const isActive = watch("isActive");
  const rootError = validation(errors.root?.message);

  return (
    <>
      <header className="app-page-head admin-page-head">
        <h1>{t("planEdit.title", { name: base.texts[language].name })}</h1>
        <p className="app-page-lead">{t("planEdit.versionNote", { version: base.version })}</p>
      </header>
      <form className="admin-stack" onSubmit={submit} noValidate>
        <fieldset className="admin-fieldset" disabled={!canChange}>
          <Section title={t("planEdit.price")}>
            {free ? (
              <p className="admin-muted">{t("planEdit.priceFree")}</p>
            ) : (
              <div className="form-row">
                {number("price", t("planEdit.priceLabel", { currency: base.price.currency }), "0.001")}
                <Field
                  id={`${id}-from`}
                  label={t("planEdit.priceFrom")}
                  hint={t("planEdit.priceFromHint")}
                  error={fieldError(errors.priceFrom)}
                  optional
                >
                  <input
                    id={`${id}-from`}
                    type="date"
                    {...fieldAria(`${id}-from`, fieldError(errors.priceFrom), true)}
                    {...register("priceFrom")}
                  />
                </Field>
              </div>
            )}
          </Section>
          <Section title={t("planEdit.limits")}>
            <div className="form-row admin-limits">
              {number("limits.chatbots", t("planEdit.limitChatbots"))}
              {number("limits.messagesPerMonth", t("planEdit.limitMessages"))}
              {number("limits.knowledgeSources", t("planEdit.limitSources"))}
              {number("limits.teamMembers", t("planEdit.limitMembers"))}
            </div>
          </Section>
          <Section title={t("planEdit.texts")}>
            <p className="admin-muted">{t("planEdit.textsHint")}</p>
            <div className="admin-languages">
              {(["en", "ar"] as const).map((lang) => {
                const name = langText("name", lang);
                const description = langText("description", lang);
                const features = langText("features", lang);
                return (
                  <fieldset
                    key={lang}
                    className="admin-language"
                    lang={lang}
                    dir={lang === "ar" ? "rtl" : "ltr"}
                  >
                    <legend lang={language} dir={language === "ar" ? "rtl" : "ltr"}>
                      {t(lang === "en" ? "planEdit.english" : "planEdit.arabic")}
                    </legend>
                    <Field {...name.field} required>
                      <input {...name.box} maxLength={60} required />
                    </Field>
                    <Field {...description.field}>
                      <textarea {...description.box} rows={3} maxLength={500} />
                    </Field>
                    <Field {...features.field}>
                      <textarea {...features.box} rows={6} />
                    </Field>
                  </fieldset>
                );
              })}
            </div>
          </Section>
          <Section title={t("planEdit.availability")}>
            <div className="admin-radios" role="radiogroup" aria-label={t("planEdit.availability")}>
              {[true, false].map((value) => (
                <label key={String(value)} className="admin-radio">
                  <input
                    type="radio"
                    name={`${id}-active`}
                    checked={isActive === value}
                    disabled={free && !value}
                    onChange={() => setValue("isActive", value, { shouldDirty: true })}
                  />
                  {t(value ? "planEdit.activeOption" : "planEdit.retiredOption")}
                </label>
              ))}
            </div>
          </Section>
          {canChange ? (
            <div className="card admin-section">
              <ReasonField
                id={`${id}-reason`}
                error={errors.reason?.message}
                registration={register("reason")}
              />
            </div>
          ) : null}
        </fieldset>
        {notice ? (
          <Alert tone={notice.tone} className="admin-notice">
            {notice.text}
          </Alert>
        ) : null}
        {rootError ? <Alert tone="error">{rootError}</Alert> : null}
        {failure ? (
          <div className="admin-conflict">
            <ActionError error={failure} />
            {conflict ? (
              <Button
                variant="secondary"
                busy={reloading}
                busyLabel={t("planEdit.reloading")}
                onClick={reloadPlan}
              >
                {t("planEdit.conflictReload")}
              </Button>
            ) : null}
          </div>
        ) : null}
        {canChange ? (
          <div className="admin-form-actions">
            <Button type="submit" busy={isSubmitting} busyLabel={t("planEdit.saving")}>
              {t("planEdit.save")}
            </Button>
          </div>
        ) : null}
      </form>
    </>
  );
}
