// The public site's English messages (issue 37), ICU MessageFormat, each under a stable id named
// `<area>.<what>`. English is the source: the spec's texts word for word (the contract). A new
// string goes here and in catalog.es.ts (a missing Spanish key does not compile, and
// catalogs.test.ts fails), then `npm run i18n -w @washdesk/public-site` compiles both.
// Ids starting with an embed area (EMBED_AREAS in scripts/compile-catalogs.ts) also reach the
// embeddable widget's small catalog.

export const en = {
  'common.language': 'Language',
  'common.callUsAt': 'Or call us at',
  'common.questionsCallUsAt': 'Questions? Call us at',
  'common.notGiven': 'Not given',
  'common.none': 'None',

  'layout.nav': 'Site',
  'layout.nav.request': 'Request an Estimate',
  'layout.nav.photos': 'Send Photos',
  'layout.nav.quote': 'Instant Quote',
  'layout.serving': 'Serving {area}',

  'notFound.request': 'Request a free estimate',

  'wizard.title': 'Request a Free Estimate',
  'wizard.intro': 'Tell us about your property and the cleaning you need, and we contact you within {hours} hours.',
  'wizard.steps': 'Steps',
  'wizard.step.1': 'Your Information',
  'wizard.step.2': 'Service Details',
  'wizard.step.3': 'Schedule Your Estimate',
  'wizard.back': 'Back',
  'wizard.next': 'Next',
  'wizard.submit': 'Submit Request',
  'wizard.submitting': 'Submitting...',
  'wizard.saving': 'Saving your request…',
  'wizard.photoTooLarge': 'A photo is too large to send. Go back to remove it or choose a smaller one.',
  'wizard.notSent': 'Your request could not be sent. Everything you entered is still here; please try again.',
  'wizard.firstName': 'First Name',
  'wizard.lastName': 'Last Name',
  'wizard.email': 'Email',
  'wizard.phone': 'Phone',
  'wizard.address': 'Property Address',
  'wizard.serviceNeeded': 'Service Needed',
  'wizard.propertyType': 'Property Type',
  'wizard.timeline': 'Timeline',
  'wizard.description': 'Project Description',
  'wizard.descriptionHint': 'Size of the house, stories, moss, stains, access…',
  'wizard.photos': 'Photos',
  'wizard.photosOptional': '(optional, they help us quote faster)',
  'wizard.addPhotos': 'Add Photos for Quote',
  'wizard.summary': 'Your request',
  'wizard.summary.service': 'Service',
  'wizard.summary.property': 'Property',
  'wizard.summary.timeline': 'Timeline',
  'wizard.summary.photos': 'Photos',
  'wizard.photosAttached': '{count, plural, one {# attached} other {# attached}}',
  'wizard.calendar': 'Scheduling calendar',
  'wizard.noBooking':
    'Online booking is not available at the moment. Send your request and we call you within {hours} hours to pick a time for your free estimate.',
  'wizard.done': 'Request Submitted Successfully!',
  'wizard.thanks': 'Thank you. We have your request and will be in touch soon.',
  'wizard.nextSteps': 'Next steps',
  'wizard.nextStep.1': 'We review your request and any photos you sent.',
  'wizard.nextStep.2': 'We contact you within {hours} hours to confirm a time for your free estimate.',
  'wizard.nextStep.3': 'We visit, measure and give you a firm quote on the spot.',
  'wizard.serviceArea': 'Service area: {area}',

  'option.service.house-washing': 'House Washing',
  'option.service.roof-cleaning': 'Roof Cleaning',
  'option.service.deck-cleaning': 'Deck & Patio Cleaning',
  'option.service.gutter-cleaning': 'Gutter Cleaning',
  'option.service.window-cleaning': 'Window Cleaning',
  'option.service.pressure-washing': 'Pressure Washing',
  'option.property.residential': 'Residential',
  'option.property.commercial': 'Commercial',
  'option.property.apartment': 'Apartment / Condo',
  'option.property.other': 'Other',
  'option.urgency.asap': 'As soon as possible',
  'option.urgency.week': 'Within a week',
  'option.urgency.month': 'Within a month',
  'option.urgency.flexible': 'Flexible',
} as const satisfies Record<string, string>;

export type MessageId = keyof typeof en;
