/**
 * How a lead can be reached: the e-mail left in the widget's form, or a WhatsApp customer's number
 * (digits with the country code, shown with its "+" and opened in WhatsApp). Always left to right.
 */
export function leadAddress(lead: { email: string | null; phone: string | null }): string {
  if (lead.email) return lead.email;
  return lead.phone ? `+${lead.phone}` : "";
}

export function LeadAddress({ lead }: { lead: { email: string | null; phone: string | null } }) {
  if (lead.email)
    return (
      <a href={`mailto:${lead.email}`} dir="ltr">
        {lead.email}
      </a>
    );
  if (lead.phone && /^\d{5,20}$/.test(lead.phone))
    return (
      <a href={`https://wa.me/${lead.phone}`} target="_blank" rel="noreferrer noopener" dir="ltr">
        +{lead.phone}
      </a>
    );
  return null;
}
