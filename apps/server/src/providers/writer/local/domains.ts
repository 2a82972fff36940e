/**
 * What the copywriter knows about common kinds of small business: the words their customers use, what goes wrong
 * for those customers, what good looks like, what counts as proof and what a camera would show. A business type it
 * does not recognise falls back to wording that fits any business.
 */
export interface Domain {
  id: string;
  /** Whole words or phrases looked for in the business type and offerings. */
  keywords: string[];
  customer: string;
  customers: string;
  /** Drive Sales: the purchase line, with {offering} and {name}. */
  buy: string;
  /** Generate Leads: the low-risk first step, with {name}. */
  leadOffer: string;
  /** Gerund phrases that read after "tired of". */
  frustrations: string[];
  /** Noun phrases for the state after. */
  outcomes: string[];
  /** Noun phrases of evidence a camera can show. */
  proofs: string[];
  /** Six shots in story order: hook, problem, process, product in action, happy customer, closing. */
  visuals: [string, string, string, string, string, string];
}

export const domains: Domain[] = [
  {
    id: 'food',
    keywords: ['cafe', 'café', 'coffee', 'bakery', 'restaurant', 'pizza', 'pizzeria', 'burger', 'pub', 'food', 'kitchen', 'catering', 'tea', 'juice', 'dessert', 'bistro', 'deli', 'brew', 'cake', 'cakes', 'meal', 'meals', 'grill', 'taco', 'sushi', 'ice cream', 'brunch', 'bagel', 'smoothie', 'wine', 'cocktail', 'food truck'],
    customer: 'guest',
    customers: 'guests',
    buy: 'Order {offering} from {name} today',
    leadOffer: 'Join the {name} list for first dibs on new menu drops',
    frustrations: ['settling for a rushed, forgettable meal', 'paying good money for food that tastes like nothing', 'waiting forever for an order that arrives lukewarm'],
    outcomes: ['a break you actually look forward to', 'the one spot everyone agrees on', 'a little treat that turns the whole day around'],
    proofs: ["a regular's honest first-bite reaction", 'the queue at opening time', 'the kitchen at full speed during the rush'],
    visuals: ['steam rising off a fresh plate in slow motion', 'a sad desk lunch pushed aside', 'the kitchen team plating an order', 'hands passing a cup across the counter', 'a full table laughing over the first bite', 'the storefront sign at golden hour'],
  },
  {
    id: 'beauty',
    keywords: ['salon', 'spa', 'beauty', 'hair', 'hairdresser', 'barber', 'barbershop', 'nail', 'nails', 'skincare', 'skin care', 'cosmetics', 'makeup', 'lash', 'lashes', 'brow', 'brows', 'massage', 'facial', 'facials', 'wellness', 'waxing'],
    customer: 'client',
    customers: 'clients',
    buy: 'Book {offering} at {name} today',
    leadOffer: 'Book a free consultation with {name}',
    frustrations: ['leaving with a look that is nothing like the photo', 'buying products that promise everything and change nothing', 'never finding an appointment that fits the week'],
    outcomes: ['the feeling of walking out as the best version of yourself', 'a routine that actually works', 'a look you get compliments on for weeks'],
    proofs: ["a real client's before-and-after", "a client's first look in the mirror", 'a client rebooking on the spot'],
    visuals: ['a slow reveal in the mirror', 'a tired reflection under harsh light', 'hands at work in close-up detail', 'products lined up on a clean counter', 'a relaxed client smiling in the chair', 'the front desk welcome with the logo'],
  },
  {
    id: 'fitness',
    keywords: ['gym', 'fitness', 'yoga', 'pilates', 'personal trainer', 'personal training', 'crossfit', 'workout', 'workouts', 'martial arts', 'boxing', 'dance', 'bootcamp', 'spin', 'hiit', 'strength'],
    customer: 'member',
    customers: 'members',
    buy: 'Join {name} for {offering} today',
    leadOffer: 'Book a free trial class at {name}',
    frustrations: ['paying for a membership you never use', 'slogging through workouts that feel like punishment', 'stalling after the first few weeks'],
    outcomes: ['a routine you actually stick to', 'strength you can feel every single week', 'energy that lasts all day'],
    proofs: ["a member's progress over 90 days", 'a class in full swing', 'a member hitting a personal best'],
    visuals: ['a slow-motion rep with chalk in the air', 'an alarm snoozed at 6 am', 'a coach correcting form up close', 'a packed class moving in sync', 'a member celebrating a personal best', 'the studio doors opening at dawn'],
  },
  {
    id: 'health',
    keywords: ['dental', 'dentist', 'clinic', 'physio', 'physiotherapy', 'physiotherapist', 'chiropractor', 'chiropractic', 'doctor', 'medical', 'health', 'therapy', 'therapist', 'optician', 'optometrist', 'pharmacy', 'nutrition', 'nutritionist', 'dietitian', 'orthodontist', 'teeth'],
    customer: 'patient',
    customers: 'patients',
    buy: 'Book {offering} at {name} today',
    leadOffer: 'Book a free first call with {name}',
    frustrations: ['putting off a check-up until a small problem becomes a big one', 'waiting weeks just to be seen', 'leaving an appointment with more questions than answers'],
    outcomes: ['clear answers and a plan you understand', 'the feeling of being looked after from the first minute', 'the confidence of knowing you are in good hands'],
    proofs: ['a patient describing how easy the visit was', 'the team walking through a real treatment plan', 'a calm, modern treatment room'],
    visuals: ['a warm welcome at reception', 'a calendar full of crossed-out excuses', 'a practitioner explaining a chart in plain words', 'careful hands at work in a bright room', 'a patient smiling at the end of the visit', 'the clinic sign and a same-week booking on screen'],
  },
  {
    id: 'retail',
    keywords: ['shop', 'store', 'boutique', 'fashion', 'clothing', 'apparel', 'jewellery', 'jewelry', 'shoes', 'sneakers', 'accessories', 'gift', 'gifts', 'candle', 'candles', 'handmade', 'ecommerce', 'e-commerce', 'furniture', 'decor', 'homeware', 'stationery', 'books', 'bookshop', 'toys', 'florist', 'flowers', 'soap', 'soaps'],
    customer: 'customer',
    customers: 'customers',
    buy: 'Shop {offering} at {name} today',
    leadOffer: 'Join the {name} list for early access to new drops',
    frustrations: ['buying something that looked better online', 'owning a drawer full of things that never get used', 'giving gifts that get a polite smile and nothing more'],
    outcomes: ['the piece you reach for every single day', 'the compliment you get the first time you use it', 'a gift people actually remember'],
    proofs: ['an unboxing by a real customer', "a customer's photo of it in everyday life", 'the last restock selling out'],
    visuals: ['an unboxing filmed from above', 'an overflowing drawer of forgotten buys', 'a close-up of the stitching and finish', 'a slow pan across the shelves', 'a customer using it in natural light', 'a parcel being wrapped by hand with the logo'],
  },
  {
    id: 'services',
    keywords: ['accounting', 'accountant', 'accountants', 'bookkeeping', 'bookkeeper', 'tax', 'taxes', 'legal', 'lawyer', 'law firm', 'solicitor', 'consulting', 'consultant', 'consultancy', 'agency', 'marketing', 'insurance', 'finance', 'financial', 'recruitment', 'payroll', 'advisor', 'adviser', 'business coaching', 'real estate', 'realtor', 'estate agent', 'mortgage'],
    customer: 'client',
    customers: 'clients',
    buy: 'Get {offering} sorted with {name} today',
    leadOffer: 'Book a free 15-minute consultation with {name}',
    frustrations: ['losing evenings to admin that never ends', 'getting advice too late to make a difference', 'finding out the numbers are wrong when it is already too late'],
    outcomes: ['clarity and hours back every week', 'decisions made with confidence', 'one less thing keeping you up at night'],
    proofs: ["a client's result in their own words", 'a before-and-after of a real workload', 'the team answering a real question on camera'],
    visuals: ['a cluttered desk turning tidy in a time-lapse', 'a late-night laptop glow over a pile of paperwork', 'the team talking through a whiteboard', 'a dashboard going green on a laptop', 'a relieved client leaning back with a coffee', 'a handshake and the logo on the office door'],
  },
  {
    id: 'home',
    keywords: ['cleaning', 'cleaner', 'cleaners', 'plumbing', 'plumber', 'electrician', 'electrical', 'renovation', 'renovations', 'construction', 'builder', 'builders', 'landscaping', 'gardening', 'gardener', 'roofing', 'handyman', 'painting', 'decorating', 'removals', 'moving', 'pest control', 'hvac', 'interior design', 'carpentry', 'flooring', 'windows'],
    customer: 'homeowner',
    customers: 'homeowners',
    buy: 'Book {offering} with {name} today',
    leadOffer: 'Get a free quote from {name}',
    frustrations: ['waiting all day for tradespeople who never show up', 'watching a small fix turn into a weekend-long disaster', 'getting a quote that doubles once the work starts'],
    outcomes: ['the job done right the first time', 'a home you are proud to show off', 'a fixed price and a finished job'],
    proofs: ['a real before-and-after of a job', 'a homeowner walking through the finished room', 'the team arriving on time, van and all'],
    visuals: ['a before-and-after wipe across the room', 'a dripping tap and a stressed homeowner', 'tools laid out neatly before the job', 'a time-lapse of the work in progress', "a homeowner's reaction to the finished job", 'the branded van driving off'],
  },
  {
    id: 'education',
    keywords: ['tutoring', 'tutor', 'tutors', 'school', 'academy', 'course', 'courses', 'classes', 'lessons', 'language', 'languages', 'driving school', 'education', 'learning', 'workshop', 'workshops', 'music school', 'coding bootcamp', 'exam', 'exams'],
    customer: 'student',
    customers: 'students',
    buy: 'Enrol in {offering} at {name} today',
    leadOffer: 'Book a free trial lesson with {name}',
    frustrations: ['studying for hours and still feeling stuck', 'sitting through lessons that go too fast or too slow', 'paying for a course you never finish'],
    outcomes: ['the moment it finally clicks', 'real progress you can measure week by week', 'the calm of walking into the exam ready'],
    proofs: ["a student's results before and after", 'a lightbulb moment caught on camera', "a student's honest review"],
    visuals: ["a student's face as the answer clicks", 'a head in hands over a messy notebook', 'notes and a whiteboard in close-up', 'a tutor and student laughing over a problem', 'a progress report glowing on screen', 'a certificate handed over with the logo behind'],
  },
  {
    id: 'tech',
    keywords: ['software', 'app', 'apps', 'saas', 'tech', 'it services', 'it support', 'web design', 'website', 'websites', 'development', 'platform', 'automation', 'cloud', 'cybersecurity', 'analytics', 'crm'],
    customer: 'user',
    customers: 'users',
    buy: 'Try {offering} from {name} today',
    leadOffer: 'Book a free demo with {name}',
    frustrations: ['juggling five tools that do not talk to each other', 'repeating the same manual task every single day', 'fighting software that needs a manual to do anything'],
    outcomes: ['the work done in a few clicks', 'one place where everything just works', 'hours back every week for the work that matters'],
    proofs: ['a real screen recording of the task done in seconds', "a customer's time saved, in numbers", 'the before and after of a real workflow'],
    visuals: ['a cluttered screen of tabs closing one by one', 'a tired face lit by a spreadsheet at night', 'a fast screen recording of the key feature', 'a done notification popping up', 'a relieved team high-fiving at a laptop', 'the logo on a clean screen'],
  },
  {
    id: 'pets',
    keywords: ['pet', 'pets', 'dog', 'dogs', 'cat', 'cats', 'grooming', 'groomer', 'vet', 'veterinary', 'kennel', 'puppy', 'pet care', 'dog walking', 'dog walker'],
    customer: 'pet parent',
    customers: 'pet parents',
    buy: 'Book {offering} at {name} today',
    leadOffer: 'Book a free meet-and-greet at {name}',
    frustrations: ['dealing with a stressed pet on every visit', 'hunting for someone you trust with your best friend', 'buying treats your pet refuses to touch'],
    outcomes: ["a happy, healthy pet who can't wait to come back", 'peace of mind every time you drop them off', 'a pet who feels at home'],
    proofs: ['a tail-wagging arrival at the door', 'a fresh-from-the-groomer reveal', "a pet parent's honest review"],
    visuals: ['a wagging tail in slow motion', 'a dog hiding under the table', 'gentle hands at work', 'a fluffy before-and-after', 'a happy pet bounding to the door', 'the shop front with a water bowl outside'],
  },
  {
    id: 'travel',
    keywords: ['hotel', 'travel', 'tour', 'tours', 'hostel', 'guest house', 'guesthouse', 'b&b', 'resort', 'holiday', 'holidays', 'vacation', 'villa', 'camping', 'retreat', 'cruise'],
    customer: 'guest',
    customers: 'guests',
    buy: 'Book {offering} with {name} today',
    leadOffer: 'Get the free {name} trip planner',
    frustrations: ['booking a trip that looked perfect online and disappointed in person', 'spending the holiday planning instead of relaxing', 'finding hidden fees at checkout'],
    outcomes: ['the trip you keep talking about for years', 'a stay where everything is already taken care of', 'a view worth waking up early for'],
    proofs: ["a guest's first look at the view", "a real guest's review read aloud", 'the little touches waiting in the room'],
    visuals: ['a door opening onto the view', 'a stressed traveller juggling tabs and tickets', 'a welcome drink being handed over', 'a drone shot over the location', 'guests laughing on the terrace at sunset', 'a packed suitcase by the door with the logo'],
  },
  {
    id: 'events',
    keywords: ['photography', 'photographer', 'videography', 'videographer', 'wedding', 'weddings', 'event', 'events', 'venue', 'dj', 'party', 'parties', 'planner', 'decorations', 'printing', 'design studio'],
    customer: 'client',
    customers: 'clients',
    buy: 'Book {offering} with {name} today',
    leadOffer: 'Get a free quote for your date from {name}',
    frustrations: ['watching the big day pass in a blur with nothing to remember it by', 'chasing vendors who go quiet the week before', "ending up with photos that look like everyone else's"],
    outcomes: ["moments you'll relive for years", 'a day that runs like clockwork', 'something truly one of a kind'],
    proofs: ["a client's reaction to the final result", 'behind the scenes at a real event', 'a before-and-after of the setup'],
    visuals: ['a slow reveal of a finished setup', 'a phone full of blurry photos', 'hands arranging the final details', 'a camera shutter in close-up', 'guests laughing mid-celebration', 'the team packing up at sunrise with the logo'],
  },
  {
    id: 'auto',
    keywords: ['car', 'cars', 'auto', 'automotive', 'garage', 'mechanic', 'detailing', 'car wash', 'tyre', 'tyres', 'tire', 'tires', 'dealership', 'motorcycle', 'bodywork', 'mot'],
    customer: 'driver',
    customers: 'drivers',
    buy: 'Book {offering} at {name} today',
    leadOffer: 'Book a free vehicle check at {name}',
    frustrations: ['seeing a warning light with no idea what it will cost', 'leaving the car at a garage for a week', 'getting a surprise bill at pick-up'],
    outcomes: ['a car that runs like new', 'a price you know before the work starts', 'your car back on the road the same day'],
    proofs: ['a before-and-after of the paintwork', 'a mechanic explaining the fix in plain words', "a driver's reaction at pick-up"],
    visuals: ['a gleaming bonnet under the workshop lights', 'a dashboard warning light blinking', 'tools in close-up under the car', 'a foam wash in slow motion', 'keys handed back over the counter', 'the car driving off past the sign'],
  },
];

export const genericDomain: Domain = {
  id: 'general',
  keywords: [],
  customer: 'customer',
  customers: 'customers',
  buy: 'Get {offering} from {name} today',
  leadOffer: 'Get in touch with {name} for a free consultation',
  frustrations: ['settling for good enough because finding better takes time', "paying for something that doesn't live up to the promise", 'guessing who to trust'],
  outcomes: ['the job done right the first time', 'a result worth telling friends about', 'one less thing to worry about'],
  proofs: ["a real customer's story in their own words", 'a before-and-after of a real result', 'the team at work, unfiltered'],
  visuals: ['a close-up of the product or service in action', 'a frustrated customer making do without it', 'the team at work behind the scenes', 'the product or service delivering the result', 'a happy customer sharing the result', 'the logo on screen with the call to action'],
};

function mentions(text: string, keyword: string): boolean {
  const escaped = keyword.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\p{L}])${escaped}($|[^\\p{L}])`, 'iu').test(text);
}

/** The business's kind, judged from its type first (it says what the business is) and its offerings second. */
export function detectDomain(businessType: string, offerings: readonly string[] = []): Domain {
  let best = genericDomain;
  let bestScore = 0;
  const offeringText = offerings.join(', ');
  for (const domain of domains) {
    const score = domain.keywords.reduce(
      (sum, keyword) => sum + (mentions(businessType, keyword) ? 3 : 0) + (mentions(offeringText, keyword) ? 1 : 0),
      0,
    );
    if (score > bestScore) {
      best = domain;
      bestScore = score;
    }
  }
  return best;
}
