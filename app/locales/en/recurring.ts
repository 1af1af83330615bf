// Schedules (recurring transactions, issue 24): their rules' messages and the API's answers.
export const recurring = {
  validation: {
    frequencyInvalid: "Choose how often: daily, weekly, monthly or yearly",
    intervalRange: "Repeat every 1 to 365 days, weeks, months or years",
    occurrenceLimitRange: "The number of times is a whole number from 1 to 10,000",
    endBeforeStart: "The end date cannot be before the start date",
    endOrCount: "Give an end date or a number of times, not both",
    notAnOccurrence: "This schedule has no occurrence on that date",
    alreadyPosted: "That occurrence is already posted",
    nothingLeft: "This schedule has no occurrences left",
  },
  needsRate: "Needs a rate for {{currency}} on {{date}}",
  messages: {
    created: "Recurring transaction created",
    updated: "Recurring transaction updated",
    deleted: "Recurring transaction deleted",
    skipped: "Occurrence skipped",
    posted: "Occurrence posted",
    paused: "Recurring transaction paused",
    resumed: "Recurring transaction resumed",
  },
};
