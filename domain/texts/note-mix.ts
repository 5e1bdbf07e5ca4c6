// The notes you want (issue 45 part 3): the review's notes row, its editor, the server's refusals,
// and the order's notes as the confirmation, the emails and the staff page list them. Our wording.
export const notesLabel = 'Notes';
export const notesMixed = 'Mixed notes';
export const notesSmaller = 'Smaller notes';
export const notesLarger = 'Larger notes';
export const notesExact = 'Choose each note';
export const notesMixedHint = 'A mix of the notes we hold, as most travellers like them.';
export const notesSmallerHint = 'Easier to spend on small things: more notes, lower values.';
export const notesLargerHint = 'Fewer notes to carry: higher values.';
export const notesExactHint = 'Say how many of each note you want. They must add up to your amount.';
export const notesChange = 'Choose your notes for {name}';
export const notesSave = 'Save notes';
export const notesCancel = 'Cancel';
export const notesSaving = 'Saving your notes…';
export const notesSaved = 'Your notes for {name} are saved: {choice}.';
export const notesLoading = 'Loading the notes we hold…';
export const notesLoadFailed = 'We could not load the notes we hold. Your order will have mixed notes unless you try again.';
export const notesRetry = 'Try again';
export const notesCountLabel = 'Number of {symbol}{value} notes';
export const notesAvailable = '{count} available';
export const notesChosenOfAmount = '{chosen} of {amount} chosen';
export const notesLegend = 'Which notes would you like?';
export const notesOneNote = '{count} × {symbol}{value}';
// The rules (the server says the same when it refuses)
export const notesMustAddUp = 'Your notes add up to {chosen}: choose notes that add up to {amount}.';
export const notesNotEnough = 'We have only {available} of the {symbol}{value} notes for this order. Choose fewer of them.';
export const notesNoSuchNote = 'We have no {symbol}{value} notes to give for this order.';
export const notesExactNotOffered = 'You can choose each note for euros and US dollars only.';
export const notesChoiceNotOffered = '{choice} are not available for {name} here.';
export const notesSellBack = 'You choose notes only when you buy currency.';
export const notesNotWhole = 'The number of each note must be a whole number, 0 or more.';
export const notesStockChanged = 'Some of the notes you chose have just gone. Please choose again.';
