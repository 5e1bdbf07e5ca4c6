import { messages } from '#domain/messages.ts';

/** 'What happens next': the order's next steps, on the confirmation page and when managing the order. */
export function NextSteps({ id, steps, className, listClassName }: { id: string; steps: readonly string[]; className?: string; listClassName?: string }) {
  return (
    <section className={className} aria-labelledby={id}>
      <h2 id={id}>{messages.whatHappensNext}</h2>
      <ul className={listClassName}>
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ul>
    </section>
  );
}
