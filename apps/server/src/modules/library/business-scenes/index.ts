import { beautyScenes } from './beauty.ts';
import { foodScenes } from './food.ts';
import type { SceneLayers } from './layouts.ts';
import type { BusinessScene } from './render.ts';
import { fitnessScenes, retailScenes } from './retail.ts';
import { serviceScenes } from './services.ts';

export { renderLayers, renderScene, type BusinessScene } from './render.ts';

/**
 * The words an owner of each kind of business types into a stock search, synonyms and the things it sells included:
 * every scene of the business carries all of them, so 'croissant', 'cake' and 'bakery' all find the bakery.
 */
export const businessWords = {
  bakery: ['bakery', 'bakeries', 'baker', 'bread', 'croissant', 'pastry', 'pastries', 'cake', 'cakes', 'cupcake', 'baguette', 'patisserie', 'dessert', 'sweets', 'donut', 'muffin', 'breakfast'],
  cafe: ['cafe', 'café', 'coffee', 'coffee shop', 'latte', 'espresso', 'cappuccino', 'barista', 'flat white', 'mocha', 'tea', 'brunch', 'breakfast'],
  restaurant: ['restaurant', 'food', 'dinner', 'dining', 'lunch', 'bistro', 'chef', 'meal', 'steak', 'salad', 'wine', 'cuisine', 'eatery', 'catering', 'menu'],
  pizza: ['pizza', 'pizzeria', 'italian', 'slice', 'pasta', 'food', 'restaurant', 'takeaway'],
  burger: ['burger', 'burgers', 'hamburger', 'fast food', 'fries', 'takeaway', 'grill', 'diner', 'food', 'restaurant', 'snack'],
  grocery: ['grocery', 'groceries', 'grocer', 'supermarket', 'market', 'fruit', 'vegetables', 'produce', 'organic', 'deli', 'shop', 'store', 'food'],
  salon: ['salon', 'hair', 'hairdresser', 'hairstylist', 'stylist', 'haircut', 'blow dry', 'hair salon', 'beauty'],
  barber: ['barber', 'barbershop', 'barbers', 'haircut', 'fade', 'beard', 'shave', 'grooming', 'trim', 'hair', 'salon'],
  nails: ['nails', 'nail salon', 'manicure', 'pedicure', 'nail polish', 'salon', 'beauty', 'spa'],
  spa: ['spa', 'massage', 'wellness', 'relax', 'facial', 'sauna', 'treatment', 'beauty', 'salon'],
  skincare: ['skincare', 'skin care', 'skin', 'serum', 'cosmetics', 'facial', 'moisturiser', 'moisturizer', 'cream', 'lotion', 'makeup', 'beauty', 'glow'],
  jewellery: ['jewellery', 'jewelry', 'jeweller', 'jeweler', 'ring', 'rings', 'necklace', 'engagement', 'wedding', 'gold', 'diamond', 'earrings', 'bracelet', 'accessories'],
  gym: ['gym', 'fitness', 'workout', 'exercise', 'training', 'dumbbell', 'dumbbells', 'weights', 'personal trainer', 'strength', 'sport'],
  yoga: ['yoga', 'pilates', 'meditation', 'wellness', 'stretching', 'studio', 'mindfulness', 'fitness', 'exercise'],
  clothing: ['clothing', 'clothes', 'fashion', 'boutique', 'dress', 'dresses', 'apparel', 'shirt', 'outfit', 'style', 'wardrobe', 'shop', 'store'],
  shoes: ['shoes', 'shoe', 'sneakers', 'sneaker', 'trainers', 'footwear', 'boots', 'shoe store', 'fashion'],
  florist: ['florist', 'flowers', 'flower', 'bouquet', 'roses', 'floral', 'plants', 'garden', 'wedding'],
  pets: ['pets', 'pet', 'dog', 'dogs', 'puppy', 'cat', 'cats', 'kitten', 'vet', 'veterinary', 'grooming', 'pet shop', 'pet store', 'animal'],
  dental: ['dental', 'dentist', 'teeth', 'tooth', 'smile', 'orthodontist', 'whitening', 'clinic', 'health'],
  clinic: ['clinic', 'doctor', 'medical', 'health', 'healthcare', 'nurse', 'physio', 'pharmacy', 'hospital', 'checkup'],
  realEstate: ['real estate', 'realtor', 'estate agent', 'property', 'house', 'home', 'apartment', 'sold', 'for sale', 'rent', 'mortgage', 'keys'],
  electronics: ['electronics', 'phone', 'phones', 'smartphone', 'mobile', 'laptop', 'computer', 'gadget', 'gadgets', 'tech', 'headphones', 'repair'],
  tutoring: ['tutoring', 'tutor', 'tuition', 'school', 'education', 'exam', 'class', 'lesson', 'study', 'teacher', 'learning', 'books', 'homework'],
  travel: ['travel', 'holiday', 'vacation', 'trip', 'flight', 'plane', 'hotel', 'tourism', 'travel agency', 'passport', 'suitcase', 'beach', 'airline'],
} as const;

type Business = keyof typeof businessWords;

/**
 * Searches whose words this business's scenes also answer, after the scenes of those businesses: a search for a café
 * finds the bakery's cakes too, since two or three drawings of one trade are little choice.
 */
const related: Record<Business, Business[]> = {
  bakery: ['cafe'],
  cafe: ['bakery'],
  restaurant: ['pizza', 'burger'],
  pizza: ['restaurant', 'burger'],
  burger: ['restaurant', 'pizza'],
  grocery: ['bakery'],
  salon: ['barber', 'nails'],
  barber: ['salon'],
  nails: ['salon', 'spa', 'skincare'],
  spa: ['nails', 'skincare', 'yoga'],
  skincare: ['spa', 'nails'],
  jewellery: ['clothing'],
  gym: ['yoga'],
  yoga: ['gym', 'spa'],
  clothing: ['shoes', 'jewellery'],
  shoes: ['clothing'],
  florist: ['jewellery'],
  pets: [],
  dental: ['clinic'],
  clinic: ['dental'],
  realEstate: [],
  electronics: [],
  tutoring: [],
  travel: [],
};

interface Drawing {
  business: Business;
  draw: () => SceneLayers;
  alt: string;
  /** The things in the picture, beyond the business's own words. */
  things: string[];
  /** Also made as a loop (each loop costs seconds of a first start, so only a few are). */
  loop?: boolean;
}

const drawings: Drawing[] = [
  { business: 'bakery', draw: foodScenes.bakeryCounter, alt: 'Bakery counter with croissants, a cake stand and bread on the shelves', things: ['counter', 'shelves'], loop: true },
  { business: 'bakery', draw: foodScenes.bakeryTable, alt: 'Croissants, a loaf and cupcakes on a floury wooden table, from above', things: ['flat lay', 'table', 'flour'] },
  { business: 'cafe', draw: foodScenes.cafeCounter, alt: 'Café counter with an espresso machine, a grinder and cups', things: ['espresso machine', 'counter'], loop: true },
  { business: 'cafe', draw: foodScenes.cafeTable, alt: 'Latte art cups, a croissant and coffee beans on a marble table, from above', things: ['flat lay', 'table', 'beans'] },
  { business: 'cafe', draw: foodScenes.cafeFront, alt: 'Café shop front with a striped awning and cakes in the window', things: ['shop front', 'storefront', 'awning'] },
  { business: 'restaurant', draw: foodScenes.restaurantTable, alt: 'Restaurant table from above: steak, salad, wine glasses and cutlery', things: ['flat lay', 'table', 'plate'] },
  { business: 'restaurant', draw: foodScenes.restaurantFront, alt: 'Restaurant front at dusk, candle-lit tables in the window', things: ['shop front', 'storefront', 'evening'], loop: true },
  { business: 'pizza', draw: foodScenes.pizzaTable, alt: 'Pizza on a wooden board with tomatoes, basil and a slice, from above', things: ['flat lay', 'tomato', 'basil'] },
  { business: 'pizza', draw: foodScenes.pizzaOven, alt: 'Brick pizza oven with fire and a pizza on the counter', things: ['oven', 'fire', 'counter'] },
  { business: 'burger', draw: foodScenes.burgerCounter, alt: 'Burger, fries and a soda on a diner counter', things: ['counter', 'cola'] },
  { business: 'grocery', draw: foodScenes.groceryCounter, alt: 'Grocery counter with crates of apples, oranges and greens', things: ['crates', 'apples', 'jars'] },
  { business: 'grocery', draw: foodScenes.groceryFlatLay, alt: 'Crates of apples and oranges, greens, carrots and a lemon, from above', things: ['flat lay', 'crates', 'apples', 'carrots'] },
  { business: 'grocery', draw: foodScenes.groceryFront, alt: 'Grocer shop front with fruit crates on the pavement', things: ['shop front', 'storefront', 'crates'] },
  { business: 'salon', draw: beautyScenes.salonChair, alt: 'Hair salon chair in front of a gold mirror', things: ['chair', 'mirror'], loop: true },
  { business: 'salon', draw: beautyScenes.salonTools, alt: 'Hairdryer, scissors, comb and hair products, from above', things: ['flat lay', 'hairdryer', 'scissors', 'comb'] },
  { business: 'barber', draw: beautyScenes.barberChair, alt: 'Barber chair, mirror and barber pole in a tiled barbershop', things: ['chair', 'mirror', 'pole'] },
  { business: 'barber', draw: beautyScenes.barberFront, alt: 'Barbershop front at dusk with a barber pole', things: ['shop front', 'storefront', 'pole', 'evening'] },
  { business: 'nails', draw: beautyScenes.nailsSpa, alt: 'Nail polish bottles, a file and towels on marble, from above', things: ['flat lay', 'polish', 'towels'] },
  { business: 'spa', draw: beautyScenes.spaStones, alt: 'Spa counter with massage stones, candles and towels', things: ['stones', 'candles', 'towels'] },
  { business: 'skincare', draw: beautyScenes.skincareShelf, alt: 'Serum and cream bottles on a shelf and counter with leaves', things: ['bottles', 'shelf', 'products'] },
  { business: 'skincare', draw: beautyScenes.skincareFlatLay, alt: 'Skincare bottles and jars with leaves on linen, from above', things: ['flat lay', 'bottles', 'jar'] },
  { business: 'jewellery', draw: beautyScenes.jewelleryCase, alt: 'A ring on a stand, a ring box and a necklace in a jewellery shop', things: ['stand', 'box', 'display'] },
  { business: 'jewellery', draw: beautyScenes.jewelleryFlatLay, alt: 'Gold necklace, rings and a ring box on marble, from above', things: ['flat lay', 'box', 'chain'] },
  { business: 'gym', draw: fitnessScenes.gymRack, alt: 'Gym with a dumbbell rack, a barbell and a kettlebell', things: ['rack', 'barbell', 'kettlebell'], loop: true },
  { business: 'gym', draw: fitnessScenes.gymFlatLay, alt: 'Dumbbell, water bottle, towel and trainer on a gym floor, from above', things: ['flat lay', 'bottle', 'towel'] },
  { business: 'gym', draw: fitnessScenes.gymFront, alt: 'Gym front at dusk with weights in the window', things: ['shop front', 'storefront', 'evening'] },
  { business: 'yoga', draw: fitnessScenes.yogaStudio, alt: 'Yoga studio with a mat, blocks, plants and a round window', things: ['mat', 'blocks', 'plants'], loop: true },
  { business: 'yoga', draw: fitnessScenes.yogaFlatLay, alt: 'Yoga mat, blocks, a bottle and a plant on a wooden floor, from above', things: ['flat lay', 'mat', 'blocks'] },
  { business: 'clothing', draw: retailScenes.clothingRack, alt: 'Clothes rail with shirts, dresses and a coat, folded sweaters on the counter', things: ['rack', 'rail', 'hangers'] },
  { business: 'clothing', draw: retailScenes.clothingFront, alt: 'Boutique front with dressed mannequins in the window', things: ['shop front', 'storefront', 'mannequin'] },
  { business: 'shoes', draw: retailScenes.shoeWall, alt: 'Shoe shop wall of sneakers on shelves, a shoe box on the counter', things: ['shelves', 'shoe box'] },
  { business: 'shoes', draw: retailScenes.shoeFlatLay, alt: 'A pair of sneakers and shoe boxes on wooden boards, from above', things: ['flat lay', 'shoe box'] },
  { business: 'florist', draw: retailScenes.floristCounter, alt: 'Florist counter with buckets of bouquets and plants on a shelf', things: ['buckets', 'counter'], loop: true },
  { business: 'florist', draw: retailScenes.floristFlatLay, alt: 'A wrapped bouquet and loose flowers on linen, from above', things: ['flat lay', 'petals'] },
  { business: 'florist', draw: retailScenes.floristFront, alt: 'Flower shop front with buckets of flowers outside', things: ['shop front', 'storefront'] },
  { business: 'electronics', draw: retailScenes.electronicsCounter, alt: 'Electronics counter with phones on stands, a laptop and headphones', things: ['screen', 'counter'] },
  { business: 'electronics', draw: retailScenes.electronicsFlatLay, alt: 'Laptop, phone, smartwatch and earbuds on a dark desk, from above', things: ['flat lay', 'desk', 'watch', 'earbuds'] },
  { business: 'electronics', draw: retailScenes.electronicsFront, alt: 'Phone shop front at dusk with phones and a laptop in the window', things: ['shop front', 'storefront'] },
  { business: 'pets', draw: serviceScenes.petsHome, alt: 'A happy dog sitting by its bowl and a bone', things: ['bowl', 'bone'], loop: true },
  { business: 'pets', draw: serviceScenes.petShop, alt: 'Pet shop front with a cat in the window and a dog outside', things: ['shop front', 'storefront', 'bone'] },
  { business: 'pets', draw: serviceScenes.petsFlatLay, alt: 'A bowl of dog food, a bone, a ball and a lead, from above', things: ['flat lay', 'bowl', 'ball', 'lead', 'paw'] },
  { business: 'dental', draw: serviceScenes.dentalRoom, alt: 'Dental surgery with a dentist chair and lamp', things: ['chair', 'lamp'] },
  { business: 'dental', draw: serviceScenes.dentalFlatLay, alt: 'Toothbrushes, toothpaste, floss and a tooth, from above', things: ['flat lay', 'toothbrush', 'toothpaste', 'floss'] },
  { business: 'clinic', draw: serviceScenes.clinicDesk, alt: 'Stethoscope, clipboard and pills on a white desk, from above', things: ['flat lay', 'stethoscope', 'clipboard', 'pills'] },
  { business: 'clinic', draw: serviceScenes.clinicRoom, alt: 'Examination room with a couch and a stethoscope', things: ['couch', 'room'] },
  { business: 'realEstate', draw: serviceScenes.realEstateHouse, alt: 'A house with a garden path and a sold sign', things: ['garden', 'sign', 'exterior'], loop: true },
  { business: 'realEstate', draw: serviceScenes.estateAgency, alt: 'Estate agency front with houses for sale in the window', things: ['shop front', 'storefront', 'listings', 'agency'] },
  { business: 'realEstate', draw: serviceScenes.realEstateKeys, alt: 'House keys and a model house on a kitchen counter', things: ['model', 'counter', 'interior'] },
  { business: 'tutoring', draw: serviceScenes.tutoringDesk, alt: 'Books, a notebook, pencils and an apple on a desk, from above', things: ['flat lay', 'desk', 'notebook', 'pencils'] },
  { business: 'tutoring', draw: serviceScenes.tutoringFront, alt: 'Learning centre front at dusk with letter blocks and a globe in the window', things: ['shop front', 'storefront', 'blocks', 'globe'] },
  { business: 'tutoring', draw: serviceScenes.tutoringClassroom, alt: 'Classroom with a blackboard, a globe and books', things: ['blackboard', 'globe', 'classroom'] },
  { business: 'travel', draw: serviceScenes.travelWindow, alt: 'A plane window above the clouds, a passport and a suitcase', things: ['window', 'clouds', 'wing'], loop: true },
  { business: 'travel', draw: serviceScenes.travelFlatLay, alt: 'A map, passport, sunglasses and a photo, from above', things: ['flat lay', 'map', 'sunglasses'] },
  { business: 'travel', draw: serviceScenes.travelAgency, alt: 'Travel agency front at dusk with a beach poster', things: ['shop front', 'storefront', 'poster'] },
];

const slugOf = (draw: () => SceneLayers) => draw.name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const subjectsOf = (d: Drawing) => [...new Set([...businessWords[d.business], ...d.things])];
const tagsOf = (d: Drawing, kind: string[]) => {
  const own = new Set(subjectsOf(d));
  const others = related[d.business].flatMap((b) => businessWords[b]).filter((w) => !own.has(w));
  return [...new Set([...others, 'business', 'illustration', 'drawn', ...kind, 'portrait', 'vertical'])];
};

/** The drawn stills of the stock library; ids follow the procedural stills' (100 001 on). */
export const businessStills: readonly BusinessScene[] = drawings.map((d, i) => ({
  id: 110_001 + i,
  slug: `scene-${slugOf(d.draw)}`,
  alt: d.alt,
  subjects: subjectsOf(d),
  tags: tagsOf(d, ['image', 'photo']),
  draw: d.draw,
}));

/** The drawn scenes that are also loops: the camera drifts and the front layer moves apart from the back. */
export const businessLoops: readonly (BusinessScene & { seconds: number })[] = drawings
  .filter((d) => d.loop)
  .map((d, i) => ({ id: 210_001 + i, slug: `scene-${slugOf(d.draw)}`, alt: `${d.alt} (slow camera move)`, subjects: subjectsOf(d), tags: tagsOf(d, ['video', 'loop', 'motion']), draw: d.draw, seconds: 6 }));
