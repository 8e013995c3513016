<?php
// Fixture for php.nosql-injection: request data reaching a MongoDB filter, by every flow the analysis follows.

function direct(MongoDB\Collection $collection): void
{
    // ruleid: php.nosql-injection (flow: direct)
    $user = $collection->findOne(['name' => $_POST['name'], 'password' => $_POST['password']]);
    // ruleid: php.nosql-injection (flow: direct)
    $query = new MongoDB\Driver\Query(['owner' => $_GET['owner']]);
    // ok: php.nosql-injection (flow: direct)
    $all = $collection->find(['active' => true]);
    // ok: php.nosql-injection (flow: direct)
    $collection->updateOne(['_id' => 1], ['$set' => ['bio' => 'x']]);
    // ok: php.nosql-injection (flow: direct)
    $user = User::find($_GET['id']);
}

function assignments($db): void
{
    $name = $_GET['name'];
    $filter = ['name' => $name];
    // ruleid: php.nosql-injection (flow: assignments)
    $cursor = $db->users->find($filter);
    $body = json_decode(file_get_contents('php://input'), true);
    $criteria = $body['criteria'];
    // ruleid: php.nosql-injection (flow: assignments)
    $n = $db->orders->countDocuments($criteria);
}

function building(MongoDB\Collection $coll): void
{
    $js = "this.owner == '" . $_GET['owner'] . "'";
    // ruleid: php.nosql-injection (flow: string-building)
    $docs = $coll->find(['$where' => $js]);
    $filter = [];
    $filter['status'] = 'open';
    // ok: php.nosql-injection (flow: container)
    $open = $coll->find(['status' => $filter['status']]);
    $filter['assignee'] = $_POST['assignee'];
    // ruleid: php.nosql-injection (flow: container)
    $mine = $coll->find($filter);
    $stages = [];
    $stages[] = ['$match' => ['tag' => $_GET['tag']]];
    // ruleid: php.nosql-injection (flow: container)
    $agg = $coll->aggregate($stages);
}

function by_email($email)
{
    return ['email' => $email];
}

function remove_where($collection, $filter)
{
    // ruleid: php.nosql-injection (flow: helper-function)
    return $collection->deleteMany($filter);
}

function helpers(MongoDB\Collection $collection): void
{
    // ruleid: php.nosql-injection (flow: helper-function)
    $u = $collection->findOne(by_email($_POST['email']));
    remove_where($collection, ['session' => $_COOKIE['sid']]);
    // ok: php.nosql-injection (flow: helper-function)
    $u = $collection->findOne(by_email('admin@example.com'));
    remove_where($collection, ['expired' => true]);
}

class TicketRepository
{
    private $owner;
    private $state;

    public function __construct(private MongoDB\Collection $collection)
    {
        $this->owner = $_GET['owner'];
        $this->state = 'open';
    }

    public function mine()
    {
        // ruleid: php.nosql-injection (flow: class-field)
        return $this->collection->find(['owner' => $this->owner]);
    }

    public function open()
    {
        // ok: php.nosql-injection (flow: class-field)
        return $this->collection->find(['state' => $this->state]);
    }
}

class LoginController
{
    public function login(Request $request, MongoDB\Collection $users)
    {
        // ruleid: php.nosql-injection (flow: direct)
        $u = $users->findOne(['login' => $request->input('login')]);
        // ok: php.nosql-injection (flow: sanitized)
        $u = $users->findOne(['login' => (string) $request->input('login')]);
        // ok: php.nosql-injection (flow: sanitized)
        $u = $users->findOne(['_id' => new MongoDB\BSON\ObjectId($request->input('id'))]);
        // ok: php.nosql-injection (flow: number-conversion)
        $u = $users->findOne(['age' => (int) $request->input('age')]);
        $l = $request->input('l');
        $l = 'guest';
        // ok: php.nosql-injection (flow: constant-overwrite)
        $u = $users->findOne(['login' => $l]);
        $m = $request->input('m');
        if (false) {
            $m = $request->input('n');
        } else {
            $m = 'root';
        }
        // ok: php.nosql-injection (flow: dead-branch)
        return $users->findOne(['login' => $m]);
    }
}
