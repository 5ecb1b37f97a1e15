// Drafts without a model: a template per category, with variables. Pure; no I/O.
//
// Variables: {{first_name}} {{last_name}} {{company}} {{client_name}} {{service_description}}
// {{sender_name}} {{signature}}. A variable with no value renders empty, and a line whose
// variables all rendered empty is left out, so "A word on {{client_name}}: {{service_description}}"
// disappears for a reply without a client instead of leaving "A word on : ".

export const TEMPLATE_VARIABLES = ['first_name', 'last_name', 'company', 'client_name', 'service_description', 'sender_name', 'signature'] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];
export type TemplateValues = Partial<Record<TemplateVariable, string | null>>;

/** The built-in template of the categories whose drafts are on by default (the four positive ones). */
export const DEFAULT_TEMPLATES: Record<string, string> = {
  Interested: `Hi {{first_name}},

Thanks for getting back to me, glad this caught your interest.
In short: {{service_description}}

Would a 20-minute call this week or next suit you? Send me two or three times that work and I'll set it up.

{{signature}}`,
  'Meeting request': `Hi {{first_name}},

Happy to set up a time. Send me two or three slots that work for you (with your time zone) and I'll send an invitation for {{company}}.

{{signature}}`,
  'Information request': `Hi {{first_name}},

Good question, thanks for asking. In short: {{service_description}}

I'm happy to send more detail or walk you through it on a short call, whichever you prefer.

{{signature}}`,
  Referral: `Hi {{first_name}},

Thank you for pointing me in the right direction, much appreciated. I'll reach out to them and mention you suggested it.

{{signature}}`,
};

/** What a category without a template of its own drafts. */
export const FALLBACK_TEMPLATE = `Hi {{first_name}},

Thanks for your reply.

{{signature}}`;

const VARIABLE = /\{\{\s*([a-z_]+)\s*\}\}/g;

/** Unknown variable names in a template (Settings refuses to save them). */
export function unknownVariables(template: string): string[] {
  const names = [...template.matchAll(VARIABLE)].map((m) => m[1]!);
  return [...new Set(names.filter((n) => !(TEMPLATE_VARIABLES as readonly string[]).includes(n)))];
}

export function renderTemplate(template: string, values: TemplateValues): string {
  const out: string[] = [];
  for (const line of template.split('\n')) {
    let used = 0;
    let empty = 0;
    const rendered = line.replace(VARIABLE, (_all, name: string) => {
      used += 1;
      const v = (values as Record<string, string | null | undefined>)[name]?.trim() ?? '';
      if (!v) empty += 1;
      return v;
    });
    if (used > 0 && empty === used) continue;
    out.push(rendered.trimEnd());
  }
  return out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The values of a reply's template: the prospect, the client, who answers. */
export function templateValues(
  r: {
    first_name: string | null;
    last_name: string | null;
    company: string | null;
    client_name: string | null;
    service_description: string | null;
  },
  workspace: { sender_name: string; signature: string },
): TemplateValues {
  return {
    first_name: r.first_name?.trim() || 'there',
    last_name: r.last_name,
    company: r.company?.trim() || 'your team',
    client_name: r.client_name,
    service_description: r.service_description,
    sender_name: workspace.sender_name,
    signature: workspace.signature.trim() || workspace.sender_name,
  };
}
