// No zod here: the public photo form reads these limits and messages without pulling in zod.

/**
 * The size of the home, as the customer gives it on the photo form (both optional): the local
 * estimate prices from it when no AI model looks at the photos, and staff see what was said.
 */
export const HOME_STORIES = { min: 1, max: 4 } as const;
export const HOME_SQUARE_FEET = { min: 300, max: 20_000 } as const;
export const HOME_SIZE_MESSAGES = {
  stories: `Stories must be a whole number from ${HOME_STORIES.min} to ${HOME_STORIES.max}`,
  squareFeet: `Square feet must be a whole number from ${HOME_SQUARE_FEET.min.toLocaleString('en-US')} to ${HOME_SQUARE_FEET.max.toLocaleString('en-US')}`,
} as const;
