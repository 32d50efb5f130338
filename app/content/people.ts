/**
 * The people and results pages write their texts as messages of the catalogs (people.*); this
 * title stays for the dashboard's preview of a result, until that screen names the message.
 */
export const resultsPage = {
  title: "Contest Results",
} as const;
