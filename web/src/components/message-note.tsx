/** A message in red, said to assistive technology as it appears. */
import type { Message } from "@/i18n/message";
import { useMessages } from "@/i18n/use-message";

import { Note } from "./ui";

/** Nothing without a message. */
export function MessageNote({ message }: { message: Message | undefined }) {
  if (!message) return null;
  return <TranslatedNote message={message} />;
}

/** Translating only once there is a message: the catalogue of error messages loads with the first,
 *  and the note appears once it can say it. */
function TranslatedNote({ message }: { message: Message }) {
  const { translate, ready } = useMessages();
  if (!ready) return null;
  return (
    <Note tone="danger" role="alert">
      {translate(message)}
    </Note>
  );
}
