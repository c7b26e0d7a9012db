/** CampusFund's public contact details: the contact page, and any page that lists them. */
export const CONTACT_INFO = {
  phone: "+1 (555) 014-2030",
  phoneHref: "tel:+15550142030",
  email: "hello@campusfund.dev",
  hours: "Monday to Friday, 9 am to 5 pm ET",
  address: {
    line1: "CampusFund",
    line2: "100 Innovation Way, Suite 200",
    city: "Boston, MA 02115",
    country: "United States",
  },
  /** The address on OpenStreetMap (opened in a new tab; nothing is loaded from it by our pages). */
  mapUrl: "https://www.openstreetmap.org/search?query=100%20Innovation%20Way%2C%20Boston%2C%20MA%2002115",
} as const;

export const CONTACT_ADDRESS_ONE_LINE = `${CONTACT_INFO.address.line2}, ${CONTACT_INFO.address.city}`;
