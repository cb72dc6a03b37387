/**
 * Names of seafarers by nationality, as they stand in passports (Latin letters), for the demo
 * and scale data of applicants. `weight` is the nationality's share of a crewing database
 * working the Black Sea, Baltic and Asian labour markets; `phone` the country calling code
 * and the mobile prefixes in use; `mail` the mail services people there use.
 */
export interface TNationality {
  code: string;
  country: string;
  weight: number;
  phone: { cc: string; prefixes: readonly string[] };
  mail: readonly string[];
  surnames: readonly string[];
  names: readonly string[];
  /** Patronymics (Ukrainian usage): the middle name column. */
  middles?: readonly string[];
}

export const NATIONALITIES: readonly TNationality[] = [
  {
    code: "UA", country: "Ukraine", weight: 30, phone: { cc: "380", prefixes: ["50", "66", "67", "68", "93", "95", "96", "97", "98", "99"] },
    mail: ["gmail.com", "ukr.net", "i.ua", "meta.ua"],
    surnames: [
      "Kovalenko", "Bondarenko", "Tkachenko", "Shevchenko", "Kravchenko", "Boyko", "Melnyk", "Oliynyk", "Lysenko", "Rudenko",
      "Savchenko", "Petrenko", "Marchenko", "Moroz", "Polishchuk", "Kovalchuk", "Tkachuk", "Pavlenko", "Levchenko", "Ponomarenko",
      "Kharchenko", "Danylenko", "Sydorenko", "Honcharenko", "Yakovenko", "Zinchenko", "Hrytsenko", "Fedorenko", "Nazarenko", "Karpenko",
    ],
    names: ["Oleksandr", "Andrii", "Serhii", "Dmytro", "Volodymyr", "Mykola", "Vitalii", "Ivan", "Yurii", "Oleh", "Maksym", "Ihor", "Roman", "Artem", "Bohdan", "Pavlo", "Taras", "Vasyl"],
    middles: ["Oleksandrovych", "Mykolaiovych", "Volodymyrovych", "Ivanovych", "Serhiiovych", "Petrovych", "Viktorovych", "Anatoliiovych", "Yuriiovych", "Vasylovych"],
  },
  {
    code: "PH", country: "Philippines", weight: 20, phone: { cc: "63", prefixes: ["905", "906", "915", "917", "918", "919", "920", "921", "927", "939"] },
    mail: ["gmail.com", "yahoo.com", "ymail.com"],
    surnames: [
      "Santos", "Reyes", "Cruz", "Bautista", "Ocampo", "Garcia", "Mendoza", "Torres", "Tomas", "Andrada", "Castillo", "Flores",
      "Villanueva", "Ramos", "Castro", "Rivera", "Aquino", "Navarro", "Salazar", "Mercado", "Dela Cruz", "De Leon", "Pascual", "Dizon",
    ],
    names: ["Jose", "Juan", "Mark", "John Paul", "Ronald", "Rommel", "Jerome", "Arnel", "Rodel", "Jayson", "Rey", "Joel", "Ariel", "Noel", "Dennis", "Michael", "Reynaldo", "Edgardo"],
  },
  {
    code: "IN", country: "India", weight: 12, phone: { cc: "91", prefixes: ["98", "97", "96", "95", "94", "93", "90", "88", "87", "70"] },
    mail: ["gmail.com", "yahoo.co.in", "rediffmail.com"],
    surnames: ["Singh", "Kumar", "Sharma", "Nair", "Menon", "Pillai", "Patel", "Iyer", "Das", "Gupta", "Rao", "Reddy", "Fernandes", "D'Souza", "Joshi", "Mehta", "Chopra", "Banerjee", "Mukherjee", "Verma"],
    names: ["Rahul", "Amit", "Vikram", "Sanjay", "Rajesh", "Suresh", "Arjun", "Anil", "Deepak", "Manoj", "Pradeep", "Ravi", "Vijay", "Sunil", "Abhishek", "Karan"],
  },
  {
    code: "PL", country: "Poland", weight: 7, phone: { cc: "48", prefixes: ["501", "502", "505", "509", "512", "531", "600", "601", "602", "691"] },
    mail: ["gmail.com", "wp.pl", "onet.pl", "o2.pl"],
    surnames: ["Nowak", "Kowalski", "Wiśniewski", "Wójcik", "Kowalczyk", "Kamiński", "Lewandowski", "Zieliński", "Szymański", "Woźniak", "Dąbrowski", "Kozłowski", "Jankowski", "Mazur", "Kwiatkowski"],
    names: ["Piotr", "Krzysztof", "Andrzej", "Tomasz", "Paweł", "Michał", "Marcin", "Grzegorz", "Łukasz", "Adam", "Jakub", "Marek"],
  },
  {
    code: "RO", country: "Romania", weight: 7, phone: { cc: "40", prefixes: ["721", "722", "723", "724", "740", "744", "745", "751", "752", "766"] },
    mail: ["gmail.com", "yahoo.com", "yahoo.ro"],
    surnames: ["Popescu", "Ionescu", "Popa", "Dumitru", "Stan", "Stoica", "Gheorghe", "Rusu", "Munteanu", "Matei", "Constantin", "Ciobanu", "Dinu", "Ene", "Moldovan"],
    names: ["Andrei", "Mihai", "Alexandru", "Ionuț", "Florin", "Cristian", "Adrian", "Constantin", "Gabriel", "Marius", "Bogdan", "Ștefan"],
  },
  {
    code: "LV", country: "Latvia", weight: 5, phone: { cc: "371", prefixes: ["20", "21", "22", "23", "24", "25", "26", "27", "28", "29"] },
    mail: ["gmail.com", "inbox.lv", "apollo.lv"],
    surnames: ["Bērziņš", "Kalniņš", "Ozoliņš", "Jansons", "Ozols", "Liepiņš", "Krūmiņš", "Balodis", "Eglītis", "Zariņš", "Pētersons", "Vītols", "Kļaviņš", "Grīnbergs"],
    names: ["Jānis", "Andris", "Edgars", "Māris", "Aivars", "Juris", "Kaspars", "Raimonds", "Artūrs", "Guntis", "Valdis", "Ivars"],
  },
  {
    code: "GE", country: "Georgia", weight: 6, phone: { cc: "995", prefixes: ["551", "555", "557", "558", "568", "571", "574", "577", "591", "599"] },
    mail: ["gmail.com", "mail.ru", "yahoo.com"],
    surnames: ["Beridze", "Kapanadze", "Gelashvili", "Maisuradze", "Giorgadze", "Lomidze", "Tsiklauri", "Bolkvadze", "Kvaratskhelia", "Nozadze", "Abuladze", "Mikeladze", "Tabatadze", "Chikovani"],
    names: ["Giorgi", "Davit", "Levan", "Irakli", "Zurab", "Nikoloz", "Lasha", "Tornike", "Mikheil", "Luka", "Shota", "Otar"],
  },
  {
    code: "HR", country: "Croatia", weight: 4, phone: { cc: "385", prefixes: ["91", "92", "95", "97", "98", "99"] },
    mail: ["gmail.com", "net.hr", "hotmail.com"],
    surnames: ["Horvat", "Kovačević", "Babić", "Marić", "Jurić", "Novak", "Kovačić", "Knežević", "Vuković", "Marković", "Petrović", "Matić"],
    names: ["Ivan", "Marko", "Josip", "Luka", "Ante", "Tomislav", "Mario", "Stjepan", "Nikola", "Dario", "Zoran", "Goran"],
  },
  {
    code: "ID", country: "Indonesia", weight: 5, phone: { cc: "62", prefixes: ["811", "812", "813", "821", "822", "852", "853", "857", "878", "896"] },
    mail: ["gmail.com", "yahoo.co.id"],
    surnames: ["Saputra", "Hidayat", "Pratama", "Wijaya", "Kurniawan", "Nugroho", "Santoso", "Setiawan", "Gunawan", "Siregar", "Simanjuntak", "Hutapea", "Sitompul", "Lubis"],
    names: ["Agus", "Budi", "Dedi", "Eko", "Hendra", "Joko", "Rizky", "Wahyu", "Yusuf", "Arif", "Bayu", "Fajar"],
  },
  {
    code: "BG", country: "Bulgaria", weight: 4, phone: { cc: "359", prefixes: ["87", "88", "89", "98"] },
    mail: ["gmail.com", "abv.bg", "mail.bg"],
    surnames: ["Ivanov", "Georgiev", "Dimitrov", "Petrov", "Nikolov", "Hristov", "Stoyanov", "Todorov", "Iliev", "Vasilev", "Atanasov", "Petkov"],
    names: ["Georgi", "Ivan", "Dimitar", "Nikolay", "Hristo", "Petar", "Stoyan", "Todor", "Vasil", "Atanas", "Krasimir", "Plamen"],
  },
];

/** Tags recruiters put on seafarers (DP levels, cargo experience, marks). */
export const APPLICANT_TAGS: readonly string[] = [
  "DP1", "DP2", "DP Unlimited", "Tanker experience", "LNG experience", "LPG experience", "Chemical tanker", "Container ship",
  "Bulk carrier", "Offshore", "Ice class", "Polar Code", "ECDIS", "High voltage", "Top officer", "Reliable", "Family on board",
  "Do not call before 10:00", "Prefers short contracts", "Recommended by master", "Promotion candidate", "Ex-navy", "Welding certificate",
  "US visa", "Schengen visa", "Speaks Russian", "Speaks Spanish", "Good English", "Needs English course", "Returning crew",
  "Blacklist risk", "Medical check due", "Owner approved", "Cadet programme", "Reefer experience", "Car carrier", "Crane operator",
  "Fast joiner", "Manila office", "Odesa office",
];
